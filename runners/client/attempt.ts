import type { EngineBehaviour } from '../engines/types.ts';
import { postCompletion } from './direct-completion.ts';
import type { Endpoint } from './endpoints.ts';
import { attemptOllamaGenerate } from './ollama-generate.ts';
import type { CompletionBody } from './types.ts';

/**
 * One HTTP attempt of a completion, answered as a non-streamed response object (validated by the caller).
 * Streamed (the default): the answer's first chunk comes when generation starts and then one chunk per step, so
 * a hung server is noticed by the first-byte and idle timeouts (http-transport.ts) long before the attempt timeout.
 * `signal` gives the attempt up (the run has failed).
 */
export function attemptCompletion(ep: Endpoint, body: CompletionBody, timeoutMs: number, stream: boolean, api: EngineBehaviour['api'] = 'openai_completions', apiKey?: string, signal?: AbortSignal): Promise<unknown> {
  if (api === 'ollama_generate') return attemptOllamaGenerate(ep, body, timeoutMs, apiKey, signal);
  return postCompletion(ep.http, ep.baseURL, body, timeoutMs, stream, apiKey, signal);
}
