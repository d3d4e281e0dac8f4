import type { SimContext } from './context.ts';
import { promptTokens, windowOf } from './context-window.ts';
import { sglangErrorBody } from './http-io.ts';

/** What SGLang does with a /v1/completions request at its window: refuse it, or generate within a budget. */
export type SglangWindow = { refused: { status: number; body: unknown } } | { maxTokens: number };

const refused = (message: string): SglangWindow => ({ refused: { status: 400, body: sglangErrorBody(message, 400) } });

/**
 * SGLang at the edge of its window L, for a prompt of n tokens and max_tokens m. The tokenizer manager refuses n >= L
 * and n + m > L (_validate_one_request, python/sglang/srt/managers/tokenizer_manager.py at
 * 001067fffe33427bee0ed2f007fb7551a1d76b44; releases before sgl-project/sglang#22546 refused n + m >= L); the scheduler
 * refuses n >= L - 6 (validate_input_length, python/sglang/srt/managers/utils.py at
 * 005f6ca5ac2b900d5abdeab31acbb54913db8471, against max_req_input_len = max_req_len - 5 in scheduler.py) and gives the
 * rest at most max_req_len - n - 1 = L - 2 - n new tokens (init_req_max_new_tokens, scheduler.py at
 * 0003215cf1464f44b389cd0b18d0b4c56f2a3da6; sgl-project/sglang#33814): a request within 2 tokens of the window is
 * answered 1 or 2 tokens short with `length`, no error. Each refusal is SGLang's ValueError as a 400 ErrorResponse (a
 * streamed one too; see refusal.ts). Null for a request without a text prompt.
 */
export function sglangWindow(ctx: SimContext, body: Record<string, unknown>): SglangWindow | null {
  if (typeof body.prompt !== 'string') return null;
  const window = windowOf(ctx);
  // CompletionRequest.max_tokens defaults to 16 (python/sglang/srt/entrypoints/openai/protocol.py).
  const asked = typeof body.max_tokens === 'number' ? body.max_tokens : 16;
  const n = promptTokens(ctx, body.prompt);
  if (n >= window) return refused(`The input (${n} tokens) is longer than the model's context length (${window} tokens).`);
  if (asked + n > window) {
    return refused(
      `Requested token count exceeds the model's maximum context length of ${window} tokens. You requested a total of ${asked + n} tokens: ${n} tokens from the input messages and ${asked} tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.`,
    );
  }
  const maxReqLen = window - 1;
  const maxInput = maxReqLen - 5;
  if (n >= maxInput) return refused(`Input length (${n} tokens) exceeds the maximum allowed length (${maxInput} tokens). Use a shorter input or enable --allow-auto-truncate.`);
  return { maxTokens: Math.min(asked, maxReqLen - n - 1) };
}
