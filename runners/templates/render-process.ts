import { fork, type ChildProcess } from 'node:child_process';
import type { ChatTemplate, RenderRequest, RenderResponse } from './render-types.ts';
import { siblingModule } from '../core/module-file.ts';

export interface RenderLimits {
  timeoutMs: number;
  heapMb: number;
}

/** The refusal of a render stopped by its limits (a timeout, or the render process out of memory). */
export const overLimits = ({ timeoutMs, heapMb }: RenderLimits): string =>
  `rendering stopped after ${timeoutMs / 1000} s or ${heapMb} MB (a loop or recursion too large for a chat template)`;

/**
 * The render process (render-child.ts) as seen from the thread that starts it: one request at a time, the child
 * killed when a render runs over time, a child that died (out of memory) reported as a refusal and replaced at the
 * next render, which is sent every template again. Used by the broker thread for synchronous renders and directly
 * by the main thread for a run's asynchronous ones.
 */
export function createRenderProcess({ timeoutMs, heapMb }: RenderLimits) {
  const CHILD = siblingModule(import.meta.url, 'render-child');
  const LIMIT = overLimits({ timeoutMs, heapMb });
  let child: ChildProcess | null = null;
  /** Every template sent by the caller, by id, and the ids the current render process has been sent. */
  const templates = new Map<number, ChatTemplate>();
  let childHas = new Set<number>();
  let pending: ((res: RenderResponse) => void) | null = null;
  /** The process the pending request was sent to (an exit of an older, killed one must not answer it). */
  let pendingChild: ChildProcess | null = null;
  let queue: Promise<unknown> = Promise.resolve();

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
      serialization: 'advanced',
    });
    c.on('message', (res: RenderResponse) => {
      if (pendingChild === c) pending?.(res);
    });
    c.on('exit', () => {
      if (child === c) child = null;
      if (pendingChild === c) pending?.({ ok: false, message: LIMIT });
    });
    c.on('error', () => {});
    return c;
  }

  function send(req: RenderRequest): Promise<RenderResponse> {
    child ??= startChild();
    const c = child;
    hold(c, true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        c.kill('SIGKILL');
        if (child === c) child = null;
        finish({ ok: false, message: LIMIT });
      }, timeoutMs);
      function finish(res: RenderResponse): void {
        if (!pending) return;
        pending = null;
        pendingChild = null;
        clearTimeout(timer);
        hold(c, false);
        resolve(res);
      }
      pending = finish;
      pendingChild = c;
      if (req.template) templates.set(req.templateId, req.template);
      const first = !childHas.has(req.templateId);
      childHas.add(req.templateId);
      c.send(first ? { ...req, template: templates.get(req.templateId) } : { ...req, template: undefined });
    });
  }

  return {
    /** Renders one request; requests made while one is pending wait their turn (the child serves one at a time). */
    render(req: RenderRequest): Promise<RenderResponse> {
      const p = queue.then(() => send(req));
      queue = p;
      return p;
    },
  };
}
