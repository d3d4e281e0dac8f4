import { fork, type ChildProcess } from 'node:child_process';
import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { ChatTemplate, RenderRequest, RenderResponse } from './render.ts';
import { siblingModule } from '../core/module-file.ts';

/**
 * A broker thread between the caller (blocked in Atomics.wait) and the render process: it forwards each request
 * to a child process with a small heap, kills the child when a render runs over time, and reports a child that
 * died (out of memory) as a refusal. A V8 out-of-memory error can end a whole process even inside a worker
 * thread with resourceLimits, so the interpreter runs in a process of its own.
 */
const { signal, port, timeoutMs, heapMb, stackKb } = workerData as { signal: Int32Array; port: MessagePort; timeoutMs: number; heapMb: number; stackKb: number };
const CHILD = siblingModule(import.meta.url, 'render-child');
const LIMIT = `rendering stopped after ${timeoutMs / 1000} s or ${heapMb} MB (a loop or recursion too large for a chat template)`;

let child: ChildProcess | null = null;
/** Every template the caller has sent, by id, and the ids the current render process has been sent. */
const templates = new Map<number, ChatTemplate>();
let childHas = new Set<number>();
let pending: ((res: RenderResponse) => void) | null = null;
/** The process the pending request was sent to (an exit of an older, killed one must not answer it). */
let pendingChild: ChildProcess | null = null;

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

function answer(res: RenderResponse): void {
  port.postMessage(res);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', (req: RenderRequest) => {
  child ??= startChild();
  const c = child;
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
    answer(res);
  }
  pending = finish;
  pendingChild = c;
  if (req.template) templates.set(req.templateId, req.template);
  const first = !childHas.has(req.templateId);
  childHas.add(req.templateId);
  c.send(first ? { ...req, template: templates.get(req.templateId) } : { ...req, template: undefined });
});
