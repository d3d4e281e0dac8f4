import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { InputError } from '../core/errors.ts';
import { siblingModule } from '../core/module-file.ts';

/** A chat template and the special tokens it refers to (from tokenizer_config.json, or none for a bare .jinja file). */
export interface ChatTemplate {
  source: string;
  template: string;
  bos_token: string | null;
  eos_token: string | null;
}

export interface ChatMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

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
 * A render as it travels to the broker and the render process: the template (4 KB for Qwen's) only the first time
 * the receiver sees its id, then the id alone; the broker re-sends it to a restarted render process.
 */
export interface RenderRequest {
  templateId: number;
  template?: ChatTemplate;
  messages: ChatMessage[];
  addGenerationPrompt: boolean;
  kwargs: Record<string, unknown>;
}
export type RenderResponse = { ok: true; text: string } | { ok: false; message: string };

/**
 * Limits of one render. Chat templates come from submissions and are rendered in the PR workflow and on the GPU
 * runner; the jinja interpreter runs no host code, but a loop (`range(999999999)`) or deep recursion can take
 * minutes and gigabytes. Real templates render in well under 50 ms and a few MB.
 */
export const RENDER_LIMITS = {
  timeoutMs: Number(process.env.USERTURN_TEMPLATE_TIMEOUT_MS ?? 5_000),
  heapMb: 96,
  stackKb: 4096,
};

/**
 * Every render runs in one long-lived child process with a small heap and stack (render-child.ts), reached through
 * a broker thread (render-worker.ts) while the caller waits synchronously (Atomics.wait). The broker kills the child
 * when a render runs over time; a child that runs out of memory dies alone (an out-of-memory error in a worker
 * thread can end the whole process, resourceLimits or not). The next render starts a new child. Rendering every
 * prompt there, not only a trial render, is what makes it safe: a template's cost can depend on its input (a loop
 * over the answer's length), so passing hostile probes once proves nothing about the next prompt. The cost is an
 * IPC round trip per render (a fraction of a millisecond) and one process start-up per run.
 */
/** How long a caller waits for the broker: the time limit plus a margin for starting the render process. */
const WAIT_MS = RENDER_LIMITS.timeoutMs + 10_000;

class RenderSandbox {
  private worker: Worker | null = null;
  private port: MessagePort | null = null;
  private signal = new Int32Array(new SharedArrayBuffer(4));

  /** The id of every template the current broker has been sent (a new broker starts with none). */
  private templateIds = new Map<ChatTemplate, number>();

  private start(): void {
    this.templateIds = new Map();
    const { port1, port2 } = new MessageChannel();
    this.signal = new Int32Array(new SharedArrayBuffer(4));
    this.worker = new Worker(siblingModule(import.meta.url, 'render-worker'), {
      workerData: { signal: this.signal, port: port2, timeoutMs: RENDER_LIMITS.timeoutMs, heapMb: RENDER_LIMITS.heapMb, stackKb: RENDER_LIMITS.stackKb },
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

  /** The reply to the request in flight, when a synchronous render had to take it off the port first. */
  private stashed: { message: unknown } | undefined;
  /** The asynchronous renders queued (one at a time: the broker serves one request at a time). */
  private inFlight: Promise<unknown> | null = null;
  /** An asynchronous request was sent and its reply not taken yet. */
  private awaiting = false;

  private send({ template, ...rest }: Render): void {
    if (!this.worker) this.start();
    let templateId = this.templateIds.get(template);
    const first = templateId === undefined;
    if (templateId === undefined) this.templateIds.set(template, (templateId = this.templateIds.size));
    const req: RenderRequest = first ? { templateId, template, ...rest } : { templateId, ...rest };
    Atomics.store(this.signal, 0, 0);
    this.port!.postMessage(req);
  }

  private reply(waited: string, msg: { message: unknown } | undefined): RenderResponse {
    if (waited === 'timed-out' || !msg) {
      this.stop();
      return { ok: false, message: `rendering stopped after ${RENDER_LIMITS.timeoutMs / 1000} s or ${RENDER_LIMITS.heapMb} MB (a loop or recursion too large for a chat template)` };
    }
    return msg.message as RenderResponse;
  }

  render(req: Render): RenderResponse {
    // An asynchronous render is in flight: wait for its reply here and keep it for its caller.
    if (this.awaiting && this.stashed === undefined && this.port) {
      Atomics.wait(this.signal, 0, 0, WAIT_MS);
      this.stashed = receiveMessageOnPort(this.port) ?? { message: null };
    }
    this.send(req);
    // The broker answers by the time limit; the margin covers starting the render process.
    const waited = Atomics.wait(this.signal, 0, 0, WAIT_MS);
    return this.reply(waited, receiveMessageOnPort(this.port!));
  }

  /**
   * The same render without blocking the thread: the caller's event loop keeps reading responses while the render
   * process works (Atomics.waitAsync on the same signal). Requests queue, one at a time.
   */
  renderAsync(req: Render): Promise<RenderResponse> {
    const run = async (): Promise<RenderResponse> => {
      this.send(req);
      this.awaiting = true;
      // A pending waitAsync does not keep the process alive; the broker thread does, while it is waited for.
      const worker = this.worker!;
      worker.ref();
      const w = Atomics.waitAsync(this.signal, 0, 0, WAIT_MS);
      const waited = w.async ? await w.value : w.value;
      worker.unref();
      const msg = this.stashed ?? (this.port ? receiveMessageOnPort(this.port) : undefined);
      this.stashed = undefined;
      this.awaiting = false;
      return this.reply(waited, msg?.message === null ? undefined : msg);
    };
    const p = (this.inFlight ?? Promise.resolve()).then(run, run);
    const mine: Promise<unknown> = p.finally(() => {
      if (this.inFlight === mine) this.inFlight = null;
    });
    this.inFlight = mine;
    return p;
  }
}

const sandbox = new RenderSandbox();


/** Render a template in the sandboxed interpreter under time and memory limits; template kwargs cannot override messages or the tokens. */
export function renderTemplate(tpl: ChatTemplate, messages: ChatMessage[], addGenerationPrompt: boolean, kwargs: Record<string, unknown> = {}): string {
  const r = sandbox.render({ template: tpl, messages, addGenerationPrompt, kwargs });
  if (!r.ok) throw new TemplateRenderError(`${tpl.source}: chat_template: ${r.message}`);
  return r.text;
}

/** renderTemplate without blocking the event loop (the hot path of a run renders this way). */
export async function renderTemplateAsync(tpl: ChatTemplate, messages: ChatMessage[], addGenerationPrompt: boolean, kwargs: Record<string, unknown> = {}): Promise<string> {
  const r = await sandbox.renderAsync({ template: tpl, messages, addGenerationPrompt, kwargs });
  if (!r.ok) throw new TemplateRenderError(`${tpl.source}: chat_template: ${r.message}`);
  return r.text;
}
