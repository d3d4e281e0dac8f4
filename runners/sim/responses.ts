/** The response bodies of /v1/completions and /v1/chat/completions, shaped as vLLM and SGLang shape them. */

export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/**
 * The prompt at roughly 4 characters per token; the answer as the tokens the generator or the emulated engine
 * generated (a `length` finish spent the whole max_tokens it was given, as an engine reports it).
 */
export const usageOf = (prompt: string, text: string, completionTokens = Math.ceil(text.length / 4)): Usage => ({
  prompt_tokens: Math.ceil(prompt.length / 4),
  completion_tokens: completionTokens,
  total_tokens: Math.ceil(prompt.length / 4) + completionTokens,
});

/**
 * A /v1/completions body; with `matched_stop` (SGLang) in the shape of SGLang's CompletionResponseChoice
 * (python/sglang/srt/entrypoints/openai/protocol.py at 9b116dffe828b2dfa7ec0e4d061555b6c354b67a).
 */
export function textCompletion(model: string, text: string, finish_reason: string, usage: Usage, matched_stop?: string | number | null): unknown {
  const choice = matched_stop === undefined ? { index: 0, text, finish_reason, logprobs: null } : { index: 0, text, logprobs: null, finish_reason, matched_stop };
  return { id: 'cmpl-sim', object: 'text_completion', created: 0, model, choices: [choice], usage };
}

export function chatCompletion(model: string, content: string, finish_reason: string, usage: Usage): unknown {
  return { id: 'chatcmpl-sim', object: 'chat.completion', created: 0, model, choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason }], usage };
}
