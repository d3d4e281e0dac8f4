import { APIConnectionTimeoutError } from 'openai';
import type { EngineBehaviour } from '../engines/types.ts';
import type { Endpoint } from './endpoints.ts';
import { attemptOllamaGenerate } from './ollama-generate.ts';
import { readStreamedCompletion } from './sse-completion.ts';
import type { CompletionBody } from './types.ts';

type CreateParams = Parameters<Endpoint['client']['completions']['create']>[0];

/**
 * One HTTP attempt of a completion, answered as a non-streamed response object (validated by the caller).
 * Streamed (the default): the answer's first chunk comes when generation starts and then one chunk per step, so
 * a hung server is noticed by the first-byte and idle timeouts (http-fetch.ts) long before the attempt timeout.
 * `stream` and `stream_options` travel on the wire only: the cache key is the body without them.
 */
export async function attemptCompletion(ep: Endpoint, body: CompletionBody, timeoutMs: number, stream: boolean, api: EngineBehaviour['api'] = 'openai_completions', apiKey?: string): Promise<unknown> {
  if (api === 'ollama_generate') return attemptOllamaGenerate(ep, body, timeoutMs, apiKey);
  if (!stream) return ep.client.completions.create(body as unknown as CreateParams & { stream?: false }, { timeout: timeoutMs, maxRetries: 0 });
  // The SDK's timeout ends when the headers arrive; the stream's body is read under this attempt's own deadline.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  try {
    const wire = { ...body, stream: true, stream_options: { include_usage: true } } as unknown as CreateParams & { stream: true };
    const res = await ep.client.completions.create(wire, { timeout: timeoutMs, maxRetries: 0, signal: deadline.signal }).asResponse();
    // A server that ignores `stream` answers in one piece.
    if (!/^text\/event-stream\b/i.test(res.headers.get('content-type') ?? '')) return await res.json();
    return await readStreamedCompletion(res.body);
  } catch (e) {
    if (deadline.signal.aborted) throw new APIConnectionTimeoutError();
    throw e;
  } finally {
    clearTimeout(timer);
  }
}
