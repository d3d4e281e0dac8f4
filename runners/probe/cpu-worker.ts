import v8 from 'node:v8';
import { parentPort } from 'node:worker_threads';
import { createHeuristicJudge } from '../judge/heuristic/judge.ts';
import { verify } from '../verifiers/index.ts';
import type { CpuRequest, CpuResponse } from './cpu-stage.ts';

// The judge's rules are hundreds of large case-insensitive Unicode patterns. By default V8 compiles a pattern twice:
// to bytecode at its first match, to machine code at its second; straight to machine code skips the first, which for
// these patterns is most of the cost. Measured 2026-11-26: the first 12 verdicts of a fresh thread took 131-134 ms of
// CPU instead of 215-267 ms, later verdicts the same (bench/judge-heuristic.ts: 0.052-0.053 ms each either way), a
// 4k-request run 0.566 instead of 0.589 ms per request, a 20k one the same, for 0-4 MB more peak RSS (machine code is
// larger than bytecode). V8's flags are the process's: patterns of the main thread compiled later skip bytecode too.
v8.setFlagsFromString('--no-regexp-tier-up');

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
