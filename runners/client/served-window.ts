/**
 * The context window an endpoint reports for the model it serves, from the model's card in its /v1/models list:
 * `max_model_len`, which vLLM (ModelCard) and SGLang (available_models: model_config.context_len, http_server.py at
 * 0025436eab0556737d615b36a4dd3e1e26e82f3d) give, or llama.cpp's `meta.n_ctx`, the slot's window (get_res_model_info,
 * tools/server/server-context.cpp at ggml-org/llama.cpp 001d906a6d86e2490e394361e7cc6f478b100088; releases before it
 * give `meta.n_ctx_train` alone, the model's training context, which is not the window served and is not read).
 * Undefined for an engine that lists none. A run compares it with the window a clipped answer was cached under
 * (budget-clips.ts).
 */
export function listedWindow(list: unknown, model: string): number | undefined {
  const data = (list as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return undefined;
  const card = data.find((c): c is { max_model_len?: unknown; meta?: unknown } => typeof c === 'object' && c !== null && (c as { id?: unknown }).id === model);
  const meta = card?.meta;
  const n = card?.max_model_len ?? (typeof meta === 'object' && meta !== null ? (meta as { n_ctx?: unknown }).n_ctx : undefined);
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The run's window among the endpoints taking requests now (runWindow). */
export const servingWindow = (endpoints: ReadonlyArray<{ held: boolean; window: number | undefined }>): number | null => runWindow(endpoints.filter((e) => !e.held).map((e) => e.window));

/**
 * The run's window: the smallest of those the ready endpoints report (a clip under it is what the run could get
 * again), null when none reports one.
 */
export function runWindow(windows: ReadonlyArray<number | undefined>): number | null {
  const known = windows.filter((w): w is number => w !== undefined);
  return known.length === 0 ? null : Math.min(...known);
}
