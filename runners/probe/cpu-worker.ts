import { parentPort } from 'node:worker_threads';
import { createHeuristicJudge } from '../judge/heuristic/judge.ts';
import { verify } from '../verifiers/index.ts';
import type { CpuRequest, CpuResponse } from './cpu-stage.ts';

/** The CPU stage's thread (cpu-stage.ts): heuristic verdicts and verifier scores, one message each way. */
const judge = createHeuristicJudge();

parentPort!.on('message', (req: CpuRequest) => {
  const reply = (res: CpuResponse) => parentPort!.postMessage(res);
  if (req.op === 'judge') {
    judge.judge(req.input).then(
      (value) => reply({ n: req.n, ok: true, value }),
      (e: Error) => reply({ n: req.n, ok: false, message: e.message }),
    );
    return;
  }
  try {
    reply({ n: req.n, ok: true, value: verify(req.item, req.answer) });
  } catch (e) {
    reply({ n: req.n, ok: false, message: (e as Error).message });
  }
});
