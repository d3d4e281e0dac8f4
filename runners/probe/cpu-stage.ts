import { Worker } from 'node:worker_threads';
import type { ItemScore, Verdict } from '../../src/schema/index.ts';
import type { VerifierItem } from '../core/items.ts';
import type { Judge, JudgeInput } from '../core/judge.ts';
import { siblingModule } from '../core/module-file.ts';
import { WORKER_LIMITS } from '../core/worker-limits.ts';

type Call = { op: 'judge'; input: JudgeInput } | { op: 'verify'; item: VerifierItem; answer: string };
export type CpuRequest = Call & { n: number };
export type CpuResponse = { n: number; ok: true; value: Verdict | ItemScore } | { n: number; ok: false; message: string };

/**
 * Why a call still waiting when the run closes the stage is not answered: the run is over (a --fail-on-error stop,
 * say), so this is not a fault of the judge or the verifiers and nothing logs it as one. A review saw "verifier for
 * gsm8k failed (the CPU stage's worker exited (code 0))" printed for each dataset as a stopped run closed.
 */
export class CpuStageClosed extends Error {}

/**
 * The run's CPU work off the event loop: the heuristic judge and the verifiers run in one worker thread, so the
 * main thread reads responses (and caches them) while they compute, and on two cores the worker has the other
 * one. Both are pure and deterministic, so verdicts and scores are the same as in-thread. LLM judges stay on the
 * main thread (they are I/O). Calls still go through the run's one judge seam (judge-all.ts) and verifier seam
 * (verify-safe.ts): a cache wrapping those sees the same calls.
 */
export function startCpuStage() {
  const worker = new Worker(siblingModule(import.meta.url, 'cpu-worker'), { resourceLimits: WORKER_LIMITS });
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let next = 0;
  let dead: Error | null = null;
  let closing = false;
  worker.on('message', (batch: CpuResponse[]) => {
    for (const res of batch) {
      const w = waiting.get(res.n);
      waiting.delete(res.n);
      if (res.ok) w?.resolve(res.value);
      else w?.reject(new Error(res.message));
    }
    // Not once closing: a reply still in flight when close() began would let go of the thread, and if nothing else
    // held the process the event loop ended before the thread's exit, with close() (and the run) unsettled.
    if (waiting.size === 0 && !closing) worker.unref();
  });
  const stop = (e: Error) => {
    dead ??= e;
    for (const w of waiting.values()) w.reject(dead);
    waiting.clear();
  };
  worker.on('error', stop);
  // A thread that is gone answers nothing: every call still waiting (or made later) fails instead of hanging, so
  // the run cannot end with promises nothing will settle.
  worker.on('exit', (code) => stop(closing ? new CpuStageClosed('the run closed the CPU stage') : new Error(`the CPU stage's worker exited (code ${code})`)));
  // Idle between calls the thread must not keep the process alive; with a call waiting it must.
  worker.unref();
  // Calls made in one turn of the event loop go in one message (and come back in one): a message costs a
  // structured clone and a thread wake-up each way, which the main thread paid per call before.
  let queued: CpuRequest[] = [];
  const flush = () => {
    const batch = queued;
    queued = [];
    if (!dead) worker.postMessage(batch);
  };
  const call = <T>(req: Call): Promise<T> => {
    if (dead) return Promise.reject(dead);
    const n = next++;
    return new Promise<T>((resolve, reject) => {
      if (waiting.size === 0) worker.ref();
      waiting.set(n, { resolve: resolve as (v: unknown) => void, reject });
      if (queued.length === 0) setImmediate(flush);
      queued.push({ ...req, n });
    });
  };
  return {
    /** The heuristic judge `j` (its stamp and fingerprint), answering from the worker: calling it never blocks I/O. */
    judge: (j: Judge): Judge => ({ stamp: j.stamp, fingerprint: j.fingerprint, yieldsToIo: true, judge: (input) => call<Verdict>({ op: 'judge', input }) }),
    verify: (item: VerifierItem, answer: string) => call<ItemScore>({ op: 'verify', item, answer }),
    /** Ends the thread; the process is kept alive until it is gone (an unref'd thread's exit would not be waited for). */
    close: async () => {
      closing = true;
      worker.ref();
      await worker.terminate();
    },
  };
}

export type CpuStage = ReturnType<typeof startCpuStage>;
