import type { SimContext } from './context.ts';
import { promptTokens, windowOf } from './context-window.ts';

/** What llama-server does with a /v1/completions request at its slot's window: refuse it, or generate within it. */
export type LlamacppWindow = { refused: { status: number; body: unknown } } | { maxTokens: number };

/**
 * llama-server's refusal of a prompt of n_ctx tokens or more: ERROR_TYPE_EXCEED_CONTEXT_SIZE, which
 * format_error_response makes a 400 `exceed_context_size_error` and server_task_result_error gives the two counts.
 * Ollama hands the same body on as text (ollama-window.ts).
 */
export const exceedContextSize = (n: number, nCtx: number) => ({
  error: { code: 400, message: `request (${n} tokens) exceeds the available context size (${nCtx} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: n, n_ctx: nCtx },
});

/**
 * llama-server at its slot's window n_ctx (--context-length here; `--ctx-size`, padded to 256 and, with `-np N` and
 * no unified KV cache, divided among the N slots; /props default_generation_settings.n_ctx and, in newer releases,
 * /v1/models meta.n_ctx report it). Read in ggml-org/llama.cpp at 001d906a6d86e2490e394361e7cc6f478b100088 through
 * the search tool, tools/server/server-context.cpp:
 * - update_slots refuses a prompt of n tokens >= n_ctx before it processes it, before a stream's first event, so a
 *   streamed request gets the 400 as JSON too (handle_completions_impl answers a first result that is an error so).
 * - max_tokens is the request's n_predict and is never compared with the window (server-task.cpp
 *   params_from_json_cmpl); left out, it is -1, no limit.
 * - Context shift is off by default (common.h `ctx_shift = false`, since ggml-org/llama.cpp#15416): process_token stops
 *   the k-th generated token when n + k reaches n_ctx (STOP_TYPE_LIMIT, `truncated`), so an answer gets at most
 *   n_ctx - n tokens, `finish_reason: "length"` with usage.completion_tokens = n_decoded (to_json_oaicompat): prompt
 *   and answer fill the window exactly. With --context-shift it would shift half the context and go on (not
 *   imitated: not the default, and nothing in the answer would show it).
 * Null for a request without a text prompt.
 */
export function llamacppWindow(ctx: SimContext, body: Record<string, unknown>): LlamacppWindow | null {
  if (typeof body.prompt !== 'string') return null;
  const nCtx = windowOf(ctx);
  const n = promptTokens(ctx, body.prompt);
  if (n >= nCtx) return { refused: { status: 400, body: exceedContextSize(n, nCtx) } };
  const left = nCtx - n;
  const asked = typeof body.max_tokens === 'number' && body.max_tokens >= 0 ? body.max_tokens : left;
  return { maxTokens: Math.min(asked, left) };
}
