import { answersAsVllm, type SimContext } from './context.ts';
import { SHORT_CONTEXT, SIM_CONTEXT } from './misbehave.ts';
import { simTokenize } from './tokenizer.ts';

/** The window the simulator serves (what its /tokenize reports as max_model_len): --context-length, else 1,024 under short-context. */
export const windowOf = (ctx: SimContext): number => ctx.opts.contextLength ?? (ctx.opts.misbehave?.has('short-context') ? SHORT_CONTEXT : SIM_CONTEXT);

/** A prompt's tokens as the served tokenizer counts them against the window (split-special splits special tokens). */
export const promptTokens = (ctx: SimContext, prompt: string): number => simTokenize(prompt, ctx.opts.misbehave?.has('split-special') ?? false).length;

/** vLLM's VLLMValidationError as create_error_response answers it: str(exc) carries "(parameter=…, value=…)". */
const refusal = (message: string, param: string, value: number) => ({
  status: 400,
  body: { error: { message: `${message} (parameter=${param}, value=${value})`, type: 'BadRequestError', param, code: 400 } },
});

/**
 * The 400 vLLM answers a /v1/completions request whose prompt and max_tokens do not fit its window, before it
 * generates or streams anything (a streamed request gets it as JSON too), or null when it fits. Read in
 * vllm-project/vllm vllm/renderers/params.py at 1aa021e827032484a7f89194c7e528fc40655204 (TokenizeParams: its
 * __post_init__ refuses max_tokens above the window; _token_len_check refuses a prompt longer than the window minus
 * max_tokens, counted after the tokenizer cut it at that length plus one, get_encode_kwargs) with
 * CompletionRequest.build_tok_params (entrypoints/openai/completion/protocol.py at d5dba2d7). Older releases say it
 * in other words, with the same status (docs/runner.md, "Unfinished answers and the assistant budget"). Without
 * --engine the simulator answers as vLLM does; the other engines' edges are sglang-window.ts, tgi-window.ts,
 * llamacpp-window.ts and ollama-window.ts.
 */
export function windowRefusal(ctx: SimContext, body: Record<string, unknown>): { status: number; body: unknown } | null {
  if (!answersAsVllm(ctx) || typeof body.prompt !== 'string') return null;
  const window = windowOf(ctx);
  // CompletionRequest.max_tokens defaults to 16.
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 16;
  if (maxTokens > window) {
    return refusal(`max_tokens=${maxTokens}cannot be greater than max_model_len=max_total_tokens=${window}. Please request fewer output tokens.`, 'max_tokens', maxTokens);
  }
  const maxInput = window - maxTokens;
  const passed = Math.min(promptTokens(ctx, body.prompt), maxInput + 1);
  if (passed <= maxInput) return null;
  return refusal(
    `You passed ${passed} input tokens and requested ${maxTokens} output tokens. However, the model's context length is only ${window} tokens, resulting in a maximum input length of ${maxInput} tokens. Please reduce the length of the input prompt.`,
    'input_tokens',
    passed,
  );
}
