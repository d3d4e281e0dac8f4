/**
 * The context window an endpoint reports for the model it serves: the `max_model_len` of the model's card in its
 * /v1/models list, which vLLM (ModelCard) and SGLang (available_models: model_config.context_len, http_server.py at
 * 0025436eab0556737d615b36a4dd3e1e26e82f3d) give; undefined for an engine that lists none. A run compares it with the
 * window a clipped answer was cached under (budget-clips.ts).
 */
export function listedWindow(list: unknown, model: string): number | undefined {
  const data = (list as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return undefined;
  const card = data.find((c): c is { max_model_len?: unknown } => typeof c === 'object' && c !== null && (c as { id?: unknown }).id === model);
  const n = card?.max_model_len;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * The run's window: the smallest of those the ready endpoints report (a clip under it is what the run could get
 * again), null when none reports one.
 */
export function runWindow(windows: ReadonlyArray<number | undefined>): number | null {
  const known = windows.filter((w): w is number => w !== undefined);
  return known.length === 0 ? null : Math.min(...known);
}
