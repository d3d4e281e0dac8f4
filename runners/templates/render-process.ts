import { fork, type ChildProcess } from 'node:child_process';
import { READY, type ChatTemplate, type RenderRequest, type RenderResponse } from './render-types.ts';
import { siblingModule } from '../core/module-file.ts';

export interface RenderLimits {
  /** A batch's time limit, counted from when the render process is ready (its start-up is not the template's). */
  timeoutMs: number;
  heapMb: number;
  /** How long a new render process may take to be ready before its batch is refused (default RENDER_STARTUP_MS). */
  startupMs?: number;
}

export const RENDER_STARTUP_MS = 60_000;

/**
 * The refusal of a render stopped by its limits (a timeout, or the render process out of memory). Which of the two is
 * not known here (an out-of-memory process just exits), nor why: templates over their size limit never get here.
 */
export const overLimits = ({ timeoutMs, heapMb }: RenderLimits): string =>
  `rendering stopped after ${timeoutMs / 1000} s or ${heapMb} MB (a loop, recursion or text too large for a chat template)`;

/**
 * The render process's whole environment: the one variable it reads, Node's compile cache (heap.ts; a folder, no
 * secret: without it each render process strips and compiles its modules again, 77 instead of 33 ms to its first
 * reply), and what Windows needs to start a process. It runs submitters' templates, and inherited the runner's, keys
 * included (HF_TOKEN, a judge's OPENAI_API_KEY): no escape from the interpreter is known, but none should find a key
 * if one is.
 */
function renderEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['USERTURN_TEMPLATE_MAX_CHARS', 'NODE_COMPILE_CACHE', 'SYSTEMROOT']) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

/**
 * At most this many renders go to the render process in one message, under one time limit. Real templates render
 * in well under 50 ms, so a full batch stays far inside the 5 s limit. Measured 2026-11-26 (7,700 renders of Qwen 3's
 * template, as in a 20k-request run): one message per render cost 34 µs of the caller's CPU and 82 µs of the render
 * process's per render, for a 41 µs render; batched, 12 and 58 µs. The price is paid by slow templates only: one that
 * takes more than 1/32 of the limit per render has batches stopped and sent again render by render, and a render near
 * the limit by itself then runs in a fresh render process, whose start-up (some 70 ms) counts against it.
 */
export const RENDER_BATCH = 32;

interface Job {
  req: RenderRequest;
  resolve(res: RenderResponse): void;
  /** Sent on its own: the batch it was in was stopped by the limits. */
  alone: boolean;
}

/**
 * The render process (render-child.ts) as seen from the thread that starts it. Renders asked while one batch is in
 * the render process wait and go together in the next one, in the order asked. A batch over the time limit gets the
 * process killed; a process that died (out of memory) is replaced at the next batch, which is sent every template
 * again. A stopped batch of several renders is sent again one render at a time, so only a render that is over the
 * limits by itself is refused. Used by the broker thread for synchronous renders and directly by the main thread for
 * a run's asynchronous ones.
 */
export function createRenderProcess({ timeoutMs, heapMb, startupMs = RENDER_STARTUP_MS }: RenderLimits) {
  const CHILD = siblingModule(import.meta.url, 'render-child');
  const LIMIT = overLimits({ timeoutMs, heapMb });
  let child: ChildProcess | null = null;
  /**
   * Settled when the current render process is ready (true) or gone before it was (false). A batch's clock starts
   * then: a new process's start-up took over 1.5 s in 5 of 20 tries on two loaded cores, where a real render takes
   * milliseconds, and in CI three dry runs started at once on two busy cores had gpt-oss's template refused as over
   * the 5 s limit.
   */
  let childReady: Promise<boolean> = Promise.resolve(false);
  /** Every template sent by the caller, by id, and the ids the current render process has been sent. */
  const templates = new Map<number, ChatTemplate>();
  let childHas = new Set<number>();
  /**
   * How the batch in flight ends (at most one): its replies, null when the limits stopped it, or the error that kept
   * the render process from starting or being sent it. And the process it was sent to (an older, killed one must not
   * end it).
   */
  let pending: ((outcome: RenderResponse[] | null | Error) => void) | null = null;
  let pendingChild: ChildProcess | null = null;
  let waiting: Job[] = [];

  // An idle render process must not keep its parent alive; one with a render pending must.
  const hold = (c: ChildProcess, on: boolean) => {
    if (on) c.ref(), c.channel?.ref();
    else c.unref(), c.channel?.unref();
  };

  function startChild(): ChildProcess {
    childHas = new Set();
    const c = fork(CHILD, [], {
      execArgv: [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=4'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: renderEnv(),
      serialization: 'advanced',
    });
    let ready!: (ok: boolean) => void;
    childReady = new Promise((resolve) => (ready = resolve));
    c.on('message', (replies: RenderResponse[] | typeof READY) => {
      if (replies === READY) ready(true);
      else if (pendingChild === c) pending?.(replies);
    });
    c.on('exit', () => {
      ready(false);
      if (child === c) child = null;
      if (pendingChild === c) pending?.(null);
    });
    // A process that could not be started refuses its batch with the reason, not at the time limit. Other errors
    // (a message to a process that just died) are followed by its exit, which settles the batch.
    c.on('error', (e) => {
      if (c.pid !== undefined) return;
      ready(false);
      if (child === c) child = null;
      if (pendingChild === c) pending?.(e);
    });
    return c;
  }

  /** One batch in the render process: its replies in order, or null when the limits stopped it. */
  function send(reqs: RenderRequest[]): Promise<RenderResponse[] | null> {
    child ??= startChild();
    const c = child;
    hold(c, true);
    const ready = childReady;
    return new Promise((resolve) => {
      // A process not ready in time is refused as not started (nothing of the template has run yet); one that died
      // first ends the batch through its exit.
      let timer = setTimeout(() => pending === finish && (discard(), finish(new Error(`it was not ready after ${startupMs / 1000} s`))), startupMs);
      void ready.then((ok) => {
        if (!ok || pending !== finish) return;
        clearTimeout(timer);
        // A reply already in the pipe when the time is up is read first: the timer can run late, after the caller
        // kept the event loop busy past the limit, and the render itself was not over it.
        timer = setTimeout(() => setImmediate(() => pending === finish && (discard(), finish(null))), timeoutMs);
      });
      /** This process is done for: killed, and the next batch starts another. */
      function discard(): void {
        c.kill('SIGKILL');
        if (child === c) child = null;
      }
      function finish(outcome: RenderResponse[] | null | Error): void {
        if (pending !== finish) return;
        pending = null;
        pendingChild = null;
        clearTimeout(timer);
        hold(c, false);
        const failed = (e: Error): RenderResponse => ({ ok: false, message: `the render process could not be started or reached (${e.message.split('\n')[0]!.slice(0, 200)})` });
        resolve(outcome instanceof Error ? reqs.map(() => failed(outcome)) : outcome);
      }
      pending = finish;
      pendingChild = c;
      const message = reqs.map((req) => {
        if (req.template) templates.set(req.templateId, req.template);
        const first = !childHas.has(req.templateId);
        childHas.add(req.templateId);
        return first ? { ...req, template: templates.get(req.templateId) } : { ...req, template: undefined };
      });
      try {
        c.send(message);
      } catch (e) {
        discard();
        finish(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  /** The next batch: a render to be sent alone (those are first in line), or up to RENDER_BATCH of the others. */
  const takeBatch = (): Job[] => waiting.splice(0, waiting[0]!.alone ? 1 : RENDER_BATCH);

  function next(): void {
    if (pending || waiting.length === 0) return;
    const jobs = takeBatch();
    void send(jobs.map((j) => j.req)).then((replies) => {
      if (replies === null && jobs.length > 1) waiting = [...jobs.map((j) => ({ ...j, alone: true })), ...waiting];
      else jobs.forEach((j, i) => j.resolve(replies?.[i] ?? { ok: false, message: LIMIT }));
      next();
    });
  }

  return {
    /** Renders one request; it waits for the batch in flight, then goes with the next. */
    render(req: RenderRequest): Promise<RenderResponse> {
      return new Promise((resolve) => {
        waiting.push({ req, resolve, alone: false });
        next();
      });
    },
  };
}
