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

/**
 * GET /v1/models: vLLM's ModelCard fields where the simulator is vLLM, SGLang's (its window, http_server.py
 * available_models: model_config.context_len) as SGLang, the plain OpenAI ones otherwise.
 */
export function modelList(ctx: SimContext): unknown {
  const engineFields = answersAsVllm(ctx) ? { root: ctx.servedModel, parent: null, max_model_len: windowOf(ctx) } : ctx.opts.engine === 'sglang' ? { root: ctx.servedModel, max_model_len: windowOf(ctx) } : {};
  const card = (id: string) => ({ id, object: 'model', created: 0, owned_by: 'userturn-sim', ...engineFields });
  return { object: 'list', data: servedNames(ctx).map(card) };
}

/** The model name an answer carries for a request naming `model`: an alias is answered under the first name. */
export const answeredAs = (ctx: SimContext, model: string): string => (servedNames(ctx).includes(model) ? ctx.servedModel : model);
