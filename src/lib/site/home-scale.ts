/**
 * How much of each model the home page draws (pure). The home page tells the findings; every model's detail lives on
 * the chart pages and the per-dataset leaderboard pages. The findings sentences are always computed from every model:
 * these limits only choose what is drawn.
 */

/**
 * Marks a small findings chart draws. Up to this many models every model is drawn; above it, the models that matter
 * (the extremes of what the chart shows). Why 24: a findings card is about 30rem wide and 336 units on a phone; beyond
 * about two dozen points the scatter's direct labels find no room, the slope chart's lines merge into one band and the
 * perturbation chart (a row per model) grows taller than the screen. It also bounds the home page's size: at 500
 * models drawing every mark made the findings about 120 KB gzip (the home page's budget is 80 KB).
 */
export const HOME_CHART_MODELS = 24;

/** The home page's table shows every model up to this many (the 50 KB budget at 60 models covers that table)… */
export const HOME_TABLE_ALL_MAX = 60;
/** …and above it the top rows by rank, with a link to the complete leaderboard page of the dataset. */
export const HOME_TABLE_TOP = 25;

/** The rows the home page's table shows: all up to HOME_TABLE_ALL_MAX, else the first HOME_TABLE_TOP (rows come ranked). */
export function homeTableRows<T>(rows: readonly T[]): T[] {
  return rows.length <= HOME_TABLE_ALL_MAX ? [...rows] : rows.slice(0, HOME_TABLE_TOP);
}

/**
 * At most `max` items: all of them when they fit, otherwise the extremes of each key in turn (highest, then lowest,
 * alternating across keys) until `max` are chosen. Items a key scores null are never chosen by that key. The chosen
 * items keep their input order, so a chart's grouping (e.g. by family) is unchanged.
 */
export function extremes<T>(items: readonly T[], keys: ReadonlyArray<(t: T) => number | null>, max = HOME_CHART_MODELS): T[] {
  if (items.length <= max) return [...items];
  const orders = keys.flatMap((key) => {
    const scored = items.map((t, i) => ({ i, v: key(t) })).filter((s): s is { i: number; v: number } => s.v !== null && Number.isFinite(s.v));
    const asc = [...scored].sort((a, b) => a.v - b.v || a.i - b.i).map((s) => s.i);
    return [[...asc].reverse(), asc];
  });
  const chosen = new Set<number>();
  for (let rank = 0; chosen.size < max && orders.some((o) => rank < o.length); rank++) {
    for (const o of orders) {
      if (chosen.size >= max) break;
      if (rank < o.length) chosen.add(o[rank]!);
    }
  }
  return [...chosen].sort((a, b) => a - b).map((i) => items[i]!);
}
