import { APIConnectionTimeoutError, APIError } from 'openai/error';
import { RejectedAnswer } from './answer-check.ts';
import { answerByteLimit } from './direct-completion.ts';
import { AttemptDeadlineError, HttpTimeoutError, ResponseTooLargeError } from './http-transport.ts';
import type { Endpoint } from './endpoints.ts';
import type { CompletionBody } from './types.ts';
import { NoResponseError } from './sdk-errors.ts';

/**
 * One attempt of a completion on Ollama's native POST /api/generate (runners/engines/ollama.ts says why not
 * /v1/completions). `raw: true` sends the runner's rendered prompt as is; the sampling settings travel in
 * `options`. The answer streams as NDJSON, one object per line, the last with `done: true`, `done_reason` and
 * `eval_count`; it is read back into the shape of a non-streamed /v1/completions answer, so that validation, the
 * cache and the audit fields do not depend on the engine. A stream that ends without `done: true` was cut.
 */
export function ollamaGenerateBody(body: CompletionBody): Record<string, unknown> {
  return {
    model: body.model,
    prompt: body.prompt,
    raw: true,
    // A prompt longer than the context is refused, not cut in its middle (runners/engines/ollama.ts).
    truncate: false,
    stream: true,
    options: { temperature: body.temperature, top_p: body.top_p, seed: body.seed, num_predict: body.max_tokens, stop: body.stop },
  };
}

/** The Ollama server's root: the base URL given to the runner ends in /v1 (its OpenAI-compatible routes). */
export function ollamaGenerateUrl(baseURL: string): string {
  return `${baseURL.replace(/\/+$/, '').replace(/\/v1$/, '')}/api/generate`;
}

interface Line {
  model?: unknown;
  created_at?: unknown;
  response?: unknown;
  done?: unknown;
  done_reason?: unknown;
  prompt_eval_count?: unknown;
  eval_count?: unknown;
  error?: unknown;
}

export async function readOllamaStream(body: ReadableStream<Uint8Array> | null): Promise<Record<string, unknown>> {
  if (!body) throw new SyntaxError('streamed response has no body');
  let text = '';
  let last: Line | null = null;
  let model: unknown;
  const apply = (raw: string) => {
    if (raw.trim() === '' || last?.done === true) return;
    const l = JSON.parse(raw) as Line;
    if (l.error !== undefined) throw new RejectedAnswer('stream_error', `error in stream: ${String(l.error).slice(0, 200)}`);
    model ??= l.model;
    if (typeof l.response === 'string') text += l.response;
    last = l;
  };
  const decoder = new TextDecoder();
  let buf = '';
  for await (const piece of body) {
    buf += decoder.decode(piece, { stream: true });
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      apply(buf.slice(0, nl));
      buf = buf.slice(nl + 1);
    }
  }
  apply(buf + decoder.decode());
  const end = last as Line | null;
  if (end?.done !== true) throw new RejectedAnswer('incomplete', 'stream ended without a done: true line (cut)');
  const usage = typeof end.eval_count === 'number' ? { prompt_tokens: end.prompt_eval_count ?? 0, completion_tokens: end.eval_count } : undefined;
  return { object: 'text_completion', model, created: end.created_at, choices: [{ index: 0, text, finish_reason: end.done_reason ?? null }], ...(usage ? { usage } : {}) };
}

export async function attemptOllamaGenerate(ep: Endpoint, body: CompletionBody, timeoutMs: number, apiKey: string | undefined, signal?: AbortSignal): Promise<unknown> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
    const init = { method: 'POST', headers, body: JSON.stringify(ollamaGenerateBody(body)), signal: signal ? AbortSignal.any([deadline.signal, signal]) : deadline.signal, maxBodyBytes: answerByteLimit(body.max_tokens) };
    // No response at all (refused, reset before the headers) is a connection error, as on the OpenAI path.
    const res = await ep.fetch(ollamaGenerateUrl(ep.baseURL), init).catch((e: unknown) => {
      if (e instanceof HttpTimeoutError || e instanceof ResponseTooLargeError) throw e;
      throw new NoResponseError({ cause: e as Error });
    });
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const message = (parsed as { error?: unknown } | undefined)?.error;
      throw APIError.generate(res.status, parsed as object | undefined, typeof message === 'string' ? message : text.slice(0, 200), res.headers);
    }
    return await readOllamaStream(res.body);
  } catch (e) {
    if (deadline.signal.aborted) throw new APIConnectionTimeoutError({ message: new AttemptDeadlineError(timeoutMs).message });
    throw e;
  } finally {
    clearTimeout(timer);
  }
}
