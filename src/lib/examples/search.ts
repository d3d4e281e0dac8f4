/**
 * A search across models (pure but for the injected `run`): every model's index is asked for at once (the loader's
 * pool bounds the fetches), and results are reported in model order as soon as every model before them is done, so
 * the first page shows while later models are still being read and never reorders. The first model runs alone, and
 * when `update` returns a promise (the first page being shown) the others wait for it: evaluating them on the main
 * thread would otherwise hold up the first page.
 */
export interface Progress<R> {
  /** Results of the models done so far without a gap, in the given order (null: the model has no index). */
  ready: Array<R | null>;
  done: number;
  total: number;
}

export async function searchModels<R>(
  models: readonly string[], run: (model: string) => Promise<R | null>, update: (p: Progress<R>) => void | Promise<void>, stale: () => boolean,
): Promise<void> {
  const results: Array<R | null | undefined> = models.map(() => undefined);
  let done = 0;
  const report = () => {
    const gap = results.indexOf(undefined);
    return update({ ready: results.slice(0, gap < 0 ? results.length : gap) as Array<R | null>, done, total: models.length });
  };
  const one = async (m: string, i: number) => {
    let r: R | null;
    try { r = await run(m); } catch { r = null; }
    if (stale()) return;
    results[i] = r;
    done++;
    if (i === 0) await report(); else void report();
  };
  if (models.length > 0) await one(models[0]!, 0);
  await Promise.all(models.slice(1).map((m, i) => one(m, i + 1)));
  if (models.length === 0 && !stale()) report();
}
