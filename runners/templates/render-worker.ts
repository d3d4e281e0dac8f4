import { workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { RenderRequest, RenderResponse } from './render-types.ts';
import { createRenderProcess } from './render-process.ts';

/**
 * A broker thread between a caller blocked in Atomics.wait (a synchronous render: validate, doctor) and the render
 * process (render-process.ts, which kills it on timeout and reports its death as a refusal). A V8 out-of-memory
 * error can end a whole process even inside a worker thread with resourceLimits, so the interpreter runs in a
 * process of its own.
 */
const { signal, port, timeoutMs, heapMb } = workerData as { signal: Int32Array; port: MessagePort; timeoutMs: number; heapMb: number };
const renderer = createRenderProcess({ timeoutMs, heapMb });

function answer(res: RenderResponse): void {
  port.postMessage(res);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}

port.on('message', (req: RenderRequest) => void renderer.render(req).then(answer));
