import { parentPort } from 'node:worker_threads';
import { createHeuristicJudge } from '../judge/heuristic/judge.ts';
import { verify } from '../verifiers/index.ts';
import type { CpuRequest, CpuResponse } from './cpu-stage.ts';

// The judge's patterns compile straight to machine code when the process was started with --no-regexp-tier-up
// (heap.ts, START_FLAGS, which says why).

/** The CPU stage's thread (cpu-stage.ts): heuristic verdicts and verifier scores, a batch of calls per message each way. */
const judge = createHeuristicJudge();

async function answer(req: CpuRequest): Promise<CpuResponse> {
  try {
    const value = req.op === 'judge' ? await judge.judge(req.input) : verify(req.item, req.answer);
    return { n: req.n, ok: true, value };
  } catch (e) {
    return { n: req.n, ok: false, message: (e as Error).message };
  }
}

// A batch of calls in, their answers out as one message, in the same order.
parentPort!.on('message', (batch: CpuRequest[]) => {
  void Promise.all(batch.map(answer)).then((replies) => parentPort!.postMessage(replies));
});
