import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { renderInThisThread } from './render-core.ts';
import type { RenderRequest, RenderResponse } from './render.ts';

/**
 * The thread that renders chat templates (submitter-controlled code for the jinja interpreter) under the time
 * and memory limits set by render.ts. One request at a time: render, post the answer, then wake the caller.
 */
const { signal, port, maxChars } = workerData as { signal: Int32Array; port: MessagePort; maxChars: number };
void parentPort;

port.on('message', (req: RenderRequest) => {
  let res: RenderResponse;
  try {
    const text = renderInThisThread(req.template, req.messages, req.addGenerationPrompt, req.kwargs);
    res = text.length > maxChars ? { ok: false, message: `the rendered prompt is longer than ${maxChars} characters` } : { ok: true, text };
  } catch (e) {
    const err = e as Error;
    const what = err instanceof RangeError ? `${err.message} (recursion too deep?)` : err.message;
    res = { ok: false, message: String(what ?? e).split('\n')[0]!.slice(0, 300) };
  }
  port.postMessage(res);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
