import { answersAsVllm, type SimContext } from './context.ts';
import { windowOf } from './context-window.ts';

/**
 * The names the simulator serves its one model under. As vLLM (and without --engine), `--alias` adds names as
 * `vllm serve --served-model-name <first> <alias>…` does: each is listed by /v1/models as a card of the same weights
 * (`root`, no `parent`), a completion for any of them is served, and every answer names the first
 * (OpenAIServingModels, vllm/entrypoints/openai/models/serving.py at 4fe4500477d5bbf2c2a467adacc60f7d215cd655). Other
 * engines serve one name.
 */

export const servedNames = (ctx: SimContext): string[] => [ctx.servedModel, ...(answersAsVllm(ctx) ? (ctx.opts.aliases ?? []) : [])];

/** The training context the simulated GGUF's metadata gives (llama.cpp caps a slot's window at it). */
const N_CTX_TRAIN = 131_072;

/** The fields an engine adds to its model card: each reports the window somewhere of its own, or nowhere. */
function engineFields(ctx: SimContext): Record<string, unknown> {
  if (answersAsVllm(ctx)) return { root: ctx.servedModel, parent: null, max_model_len: windowOf(ctx) };
  if (ctx.opts.engine === 'sglang') return { root: ctx.servedModel, max_model_len: windowOf(ctx) };
  // llama-server's get_res_model_info (tools/server/server-context.cpp at 001d906a6d86e2490e394361e7cc6f478b100088):
  // meta.n_ctx is the slot's window, meta.n_ctx_train the model's training context. Releases before meta.n_ctx give
  // n_ctx_train alone here, and the window in /props only.
  if (ctx.opts.engine === 'llamacpp') return { meta: { n_ctx: windowOf(ctx), n_ctx_train: Math.max(N_CTX_TRAIN, windowOf(ctx)) } };
  return {};
}

/**
 * GET /v1/models: vLLM's ModelCard fields where the simulator is vLLM, SGLang's (its window, http_server.py
 * available_models: model_config.context_len) as SGLang, llama.cpp's `meta` as llama.cpp, the plain OpenAI ones
 * otherwise.
 */
export function modelList(ctx: SimContext): unknown {
  const fields = engineFields(ctx);
  const card = (id: string) => ({ id, object: 'model', created: 0, owned_by: 'userturn-sim', ...fields });
  return { object: 'list', data: servedNames(ctx).map(card) };
}

/** The model name an answer carries for a request naming `model`: an alias is answered under the first name. */
export const answeredAs = (ctx: SimContext, model: string): string => (servedNames(ctx).includes(model) ? ctx.servedModel : model);
