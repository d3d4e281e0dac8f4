import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { InputError } from '../core/errors.ts';
import { siblingModule } from '../core/module-file.ts';
import { createRenderProcess, overLimits, RENDER_STARTUP_MS } from './render-process.ts';
import type { ChatMessage, ChatTemplate, RenderRequest, RenderResponse } from './render-types.ts';
import { envWholeNumber } from '../core/env-number.ts';
import { renderMaxChars } from './max-chars.ts';
import { templateSizeProblem } from './template-size.ts';
import { TIMER_MAX_MS } from '../core/args.ts';

export type { ChatMessage, ChatTemplate, RenderRequest, RenderResponse } from './render-types.ts';

/** A template that cannot be rendered (an error, or over a limit): `<source>: chat_template: <why>`. */
export class TemplateRenderError extends InputError {}

/** What one render needs: its template and messages. */
interface Render {
  template: ChatTemplate;
  messages: ChatMessage[];
  addGenerationPrompt: boolean;
  kwargs: Record<string, unknown>;
}

/**
 * Limits of one render. Chat templates come from submissions and are rendered in the PR workflow and on the GPU
 * runner; the jinja interpreter runs no host code, but a loop (`range(999999999)`) or deep recursion can take
 * minutes and gigabytes. Real templates render in well under 50 ms and a few MB.
 */
export const RENDER_LIMITS = {
  timeoutMs: envWholeNumber('USERTURN_TEMPLATE_TIMEOUT_MS', 5_000, 1, TIMER_MAX_MS - 10_000),
  heapMb: 96,
};
renderMaxChars(); // read by the render process; a bad value is refused here, as a usage error (max-chars.ts)

/**
 * Every render runs in one long-lived child process with a small heap (render-child.ts), killed when a render runs
 * over time; a child that runs out of memory dies alone (an out-of-memory error in a worker thread can end the
 * whole process, resourceLimits or not). The next render starts a new child. Rendering every prompt there, not only
 * a trial render, is what makes it safe: a template's cost can depend on its input (a loop over the answer's
 * length), so passing hostile probes once proves nothing about the next prompt. The cost is an IPC round trip per
 * batch of renders (render-process.ts; a fraction of a millisecond) and one process start-up per run.
 *
 * A run's renders are asynchronous and talk to their render process directly (render-process.ts). A synchronous
 * render (validate, doctor) reaches its own render process through a broker thread (render-worker.ts) while the
 * caller waits in Atomics.wait; only those commands start that thread (some 25 MB of RSS).
 */
/**
 * How long a caller waits for the broker: the render process's start-up limit and the time limit, plus a margin for
 * starting the broker.
 */
const WAIT_MS = RENDER_STARTUP_MS + RENDER_LIMITS.timeoutMs + 10_000;

/** Gives each template an id; a receiver is sent the template itself only with the first request naming it. */
function templateIds() {
  const ids = new Map<ChatTemplate, number>();
  return ({ template, ...rest }: Render): RenderRequest => {
    let templateId = ids.get(template);
    if (templateId !== undefined) return { templateId, ...rest };
    ids.set(template, (templateId = ids.size));
    return { templateId, template, ...rest };
  };
}

class SyncSandbox {
  private worker: Worker | null = null;
  private port: MessagePort | null = null;
  private signal = new Int32Array(new SharedArrayBuffer(4));
  /** Ids of the templates the current broker has been sent (a new broker starts with none). */
  private request = templateIds();

  private start(): void {
    this.request = templateIds();
    const { port1, port2 } = new MessageChannel();
    this.signal = new Int32Array(new SharedArrayBuffer(4));
    this.worker = new Worker(siblingModule(import.meta.url, 'render-worker'), {
      workerData: { signal: this.signal, port: port2, timeoutMs: RENDER_LIMITS.timeoutMs, heapMb: RENDER_LIMITS.heapMb },
      transferList: [port2],
    });
    this.worker.on('error', () => {});
    // A broker that died (it never should) wakes whoever waits for it, who then reports the render as stopped.
    const signal = this.signal;
    this.worker.on('exit', () => Atomics.notify(signal, 0));
    this.worker.unref();
    port1.unref();
    this.port = port1;
  }

  private stop(): void {
    void this.worker?.terminate();
    this.port?.close();
    this.worker = null;
    this.port = null;
  }

  render(req: Render): RenderResponse {
    if (!this.worker) this.start();
    Atomics.store(this.signal, 0, 0);
    this.port!.postMessage(this.request(req));
    // The broker answers by the start-up and time limits; the margin covers starting the broker.
    const waited = Atomics.wait(this.signal, 0, 0, WAIT_MS);
    const msg = receiveMessageOnPort(this.port!);
    if (waited === 'timed-out' || !msg) {
      this.stop();
      return { ok: false, message: overLimits(RENDER_LIMITS) };
    }
    return msg.message as RenderResponse;
  }
}

const sandbox = new SyncSandbox();
/** The asynchronous renders' own render process, started at the first one. */
let direct: ReturnType<typeof createRenderProcess> | null = null;
const directRequest = templateIds();

/** A template over the size limit (template-size.ts) is refused by its size, not by the render process's heap. */
function refuseOversized(tpl: ChatTemplate): void {
  const problem = templateSizeProblem(tpl);
  if (problem) throw new TemplateRenderError(`${tpl.source}: chat_template: ${problem}`);
}

/** Render a template in the sandboxed interpreter under time and memory limits; template kwargs cannot override messages or the tokens. */
export function renderTemplate(tpl: ChatTemplate, messages: ChatMessage[], addGenerationPrompt: boolean, kwargs: Record<string, unknown> = {}): string {
  refuseOversized(tpl);
  const r = sandbox.render({ template: tpl, messages, addGenerationPrompt, kwargs });
  if (!r.ok) throw new TemplateRenderError(`${tpl.source}: chat_template: ${r.message}`);
  return r.text;
}

/** renderTemplate without blocking the event loop (the hot path of a run renders this way). */
export async function renderTemplateAsync(tpl: ChatTemplate, messages: ChatMessage[], addGenerationPrompt: boolean, kwargs: Record<string, unknown> = {}): Promise<string> {
  refuseOversized(tpl);
  direct ??= createRenderProcess(RENDER_LIMITS);
  const r = await direct.render(directRequest({ template: tpl, messages, addGenerationPrompt, kwargs }));
  if (!r.ok) throw new TemplateRenderError(`${tpl.source}: chat_template: ${r.message}`);
  return r.text;
}
