import type { SimContext } from './context.ts';
import { promptTokens, windowOf } from './context-window.ts';

/**
 * TGI at its window (max_total_tokens, reported by /info; the launcher's default is the model's
 * max_position_embeddings capped by what the GPU can hold, max_input_tokens one less): a /v1/completions request whose
 * prompt plus max_new_tokens (the request's max_tokens) is over max_total_tokens, or whose prompt alone is over
 * max_input_tokens, is refused as a validation error, 422, before anything is generated; TGI neither clips the budget
 * nor truncates the prompt unless asked (`truncate`). Read in huggingface/text-generation-inference at
 * db931fcf42da018a3657580c64bf2720f167f9ab: Validation::validate_input (router/src/validation.rs: MaxTotalTokens is
 * checked first, then InputLength, with their messages in ValidationError), InferError's "Input validation error: …"
 * (router/src/infer/mod.rs) and the status (router/src/server.rs). Returns the error's message, or null when it fits;
 * refusal.ts answers it in TGI's shape, a streamed request as an error event.
 */
export function tgiWindowRefusal(ctx: SimContext, body: Record<string, unknown>): string | null {
  if (typeof body.prompt !== 'string' || typeof body.max_tokens !== 'number') return null;
  const maxTotal = windowOf(ctx);
  const n = promptTokens(ctx, body.prompt);
  const m = body.max_tokens;
  if (n + m > maxTotal) return `Input validation error: \`inputs\` tokens + \`max_new_tokens\` must be <= ${maxTotal}. Given: ${n} \`inputs\` tokens and ${m} \`max_new_tokens\``;
  if (n > maxTotal - 1) return `Input validation error: \`inputs\` must have less than ${maxTotal - 1} tokens. Given: ${n}`;
  return null;
}
