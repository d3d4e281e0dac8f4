import { Worker } from 'node:worker_threads';
import type { Verdict } from '../../src/schema/index.ts';
import type { JudgeInput } from '../core/judge.ts';
import { siblingModule } from '../core/module-file.ts';
import { WORKER_LIMITS } from '../core/worker-limits.ts';

/**
 * How long validate lets the heuristic judge take on one sample (wall time) before it refuses the sample: 10 s, as
 * the slowest hostile text whose time grows linearly takes 4.6 s at the 1 MiB a line may hold (docs/judges.md, on a
 * loaded 2-core machine), while a 100 MB results file holds at most some 100 such lines: validate then ends within
 * some 20 minutes, not hours. Normal samples take far less than 1% of it (the demo's 24,292 samples, measured 2026-11-27 on
 * the loaded machine: 0.08 ms each on average, 0.5 ms at the 99th percentile, the slowest 72 ms).
 */
export const REJUDGE_BUDGET_MS = 10_000;

/** Samples per message to the thread, at most (fewer when the reader waits for input). */
const BATCH = 32;

export type RejudgeRequest = { n: number; input: JudgeInput };
export type RejudgeReply = { n: number; verdict: Verdict };
/** A verdict, or null when judging the sample took longer than the budget (its thread was ended). */
export type Rejudged = Verdict | null;

interface Waiting {
  input: JudgeInput;
  budgetMs: number;
  resolve(v: Rejudged): void;
  reject(e: Error): void;
}

/**
 * The heuristic judge in a worker thread, with a deadline per sample: validate judges text a pull request's author
 * wrote, and a rule whose time grows faster than its text (docs/judges.md, "Hostile text") must not hang it. The
 * thread is started at the first call (it loads the rules: a result judged by other judges never pays for them).
 * Calls made in one turn of the event loop go in one message, and their verdicts come back in one. The thread
 * writes which sample it is judging and since when into a shared clock; while a call waits, the main thread looks at
 * it every quarter of the budget, and a sample past its budget is answered null: the thread is ended, a new one
 * started, and every other call still waiting is sent to it again (the judge is deterministic).
 */
function startRejudger() {
  // [the number of the sample being judged, the time it started]: a clock per thread, so that an ended thread's last
  // write cannot start its successor's.
  let clock: Float64Array<SharedArrayBuffer> = new Float64Array(new SharedArrayBuffer(16));
  const waiting = new Map<number, Waiting>();
  let next = 1;
  let worker: Worker | null = null;
  let queued: RejudgeRequest[] = [];
  let timer: NodeJS.Timeout | null = null;

  const spawn = (): Worker => {
    clock = new Float64Array(new SharedArrayBuffer(16));
    const w = new Worker(siblingModule(import.meta.url, 'rejudge-worker'), { workerData: { clock: clock.buffer }, resourceLimits: WORKER_LIMITS });
    w.on('message', (replies: RejudgeReply[]) => {
      if (w !== worker) return;
      for (const { n, verdict } of replies) {
        waiting.get(n)?.resolve(verdict);
        waiting.delete(n);
      }
      idle();
    });
    // A thread that dies on its own (out of memory, say) fails every call waiting, as a bug would: not a refusal.
    const failed = (e: Error) => {
      if (w !== worker) return;
      worker = null;
      for (const x of waiting.values()) x.reject(new Error(`validate's re-judging thread failed: ${e.message}`));
      waiting.clear();
      idle();
    };
    w.on('error', failed);
    w.on('exit', (code) => failed(new Error(`it exited (code ${code})`)));
    // Idle, the thread must not keep the process alive; with a call waiting it must.
    w.unref();
    return w;
  };

  const idle = () => {
    if (waiting.size > 0) return;
    worker?.unref();
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const send = (batch: RejudgeRequest[]) => {
    worker ??= spawn();
    worker.ref();
    worker.postMessage(batch);
    if (!timer) watch();
  };

  const watch = () => {
    const every = Math.max(5, Math.min(...[...waiting.values()].map((w) => w.budgetMs)) / 4);
    timer = setTimeout(check, every);
  };

  const check = () => {
    timer = null;
    const n = clock[0]!;
    const started = clock[1]!;
    const stuck = waiting.get(n);
    if (stuck && clock[0] === n && Date.now() - started > stuck.budgetMs) {
      waiting.delete(n);
      const old = worker!;
      worker = null;
      void old.terminate();
      stuck.resolve(null);
      const again = [...waiting].map(([m, w]) => ({ n: m, input: w.input }));
      if (again.length > 0) send(again);
    }
    if (waiting.size > 0 && !timer) watch();
  };

  const flush = () => {
    const batch = queued;
    queued = [];
    if (batch.length > 0) send(batch);
  };

  return (input: JudgeInput, budgetMs: number): Promise<Rejudged> =>
    new Promise<Rejudged>((resolve, reject) => {
      const n = next++;
      waiting.set(n, { input, budgetMs, resolve, reject });
      if (queued.length === 0) setImmediate(flush);
      queued.push({ n, input });
      // A full batch goes at once: the thread judges it while this thread reads the next lines.
      if (queued.length >= BATCH) flush();
    });
}

let rejudger: ReturnType<typeof startRejudger> | null = null;

/** The current heuristic rules' verdict on `input`, judged off the main thread; null when it took over `budgetMs`. */
export function rejudge(input: JudgeInput, budgetMs = REJUDGE_BUDGET_MS): Promise<Rejudged> {
  rejudger ??= startRejudger();
  return rejudger(input, budgetMs);
}
