import type { SimContext } from './context.ts';
import { promptTokens, windowOf } from './context-window.ts';
import { exceedContextSize } from './llamacpp-window.ts';

/**
 * Ollama at its window (num_ctx: OLLAMA_CONTEXT_LENGTH, else a default from the GPU's memory; reported here by
 * --context-length). Read in ollama/ollama at fb30760996871fa9460115c753afd2c60d4ab0f7, which runs llama.cpp's
 * llama-server (LLAMA_CPP_VERSION b10488) with `-c num_ctx×parallel -np parallel` and, unless the model is deepseek2
 * or the request says `shift: false`, `--context-shift` (llm/llama_server.go, server/sched.go resolveContextShift):
 * - `truncate` left out or true (server/routes.go): a prompt over num_ctx − 1 tokens is cut to its first num_keep
 *   tokens and its tail and answered (completionPromptForRequest; a 400 "the prompt is longer than the context length
 *   currently available to the model; …" only with context shift off). Not imitated: the runner sends `truncate: false`.
 * - `truncate: false`: the prompt goes to llama-server whole, which refuses a prompt of n_ctx tokens or more, context
 *   shift or not ("request (N tokens) exceeds the available context size (M tokens), try increasing it",
 *   exceed_context_size_error, 400; tools/server/server-context.cpp in ggml-org/llama.cpp, read through the search
 *   tool, not at b10488). Ollama passes llama-server's status and its body, as text, as the error
 *   (Completion, statusErrorMessage), and answers it before any line of a stream: a 400 `{"error": "<body>"}`.
 * - A generation that fills the window is shifted (half of what follows num_keep dropped) and goes on to num_predict,
 *   so it is not clipped; with context shift off llama-server stops it (STOP_TYPE_LIMIT), which Ollama reports as
 *   done_reason "length" with eval_count below num_predict. The simulator answers the whole budget, as the default.
 * Returns the error text of a refused prompt, or null.
 */
export function ollamaWindowRefusal(ctx: SimContext, body: Record<string, unknown>, prompt: string): string | null {
  if (body.truncate !== false) return null;
  const nCtx = windowOf(ctx);
  const n = promptTokens(ctx, prompt);
  if (n < nCtx) return null;
  return JSON.stringify(exceedContextSize(n, nCtx));
}
