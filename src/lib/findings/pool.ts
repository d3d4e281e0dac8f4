/**
 * The "all datasets" view: each summary's datasets pooled into one virtual dataset, so every chart helper of
 * src/lib/site/chart-data.ts works on it unchanged (pure).
 *
 * Rates are pooled as src/lib/metrics pools them, sum(hits) / sum(trials) over items, here over the items of
 * every dataset. The interval of a pooled rate treats datasets as independent strata: the variance is the
 * weighted sum of each dataset's variance, read back from its own interval (so each keeps its design effect),
 * with a normal interval at 95%. Per-item vectors are concatenated when every dataset carries them, so a pooled
 * dataset has every field a real one has.
 */
import { LABELS, type ConditionResult, type DatasetResult, type ResultSummary } from '../../schema/index.ts';

export const ALL_DATASETS = 'all';
const Z = 1.959964;

interface Interval { value: number; lo: number; hi: number; n: number }

/** Stratified pool of per-dataset intervals with weights (trials or items); null when nothing to pool. */
export function poolIntervals(parts: ReadonlyArray<{ est: Interval; weight: number }>, min = 0, max = 1): Interval | null {
  const used = parts.filter((p) => p.weight > 0);
  const total = used.reduce((s, p) => s + p.weight, 0);
  if (used.length === 0 || total === 0) return null;
  let value = 0;
  let variance = 0;
  for (const { est, weight } of used) {
    const w = weight / total;
    value += w * est.value;
    variance += (w * (est.hi - est.lo) / (2 * Z)) ** 2;
  }
  const half = Z * Math.sqrt(variance);
  const r = (x: number) => Math.round(x * 1e6) / 1e6;
  return { value: r(value), lo: r(Math.max(min, value - half)), hi: r(Math.min(max, value + half)), n: used.reduce((s, p) => s + p.est.n, 0) };
}

/** Concatenated per-item vectors (lists: `separator`-joined, empty ones skipped), or undefined when any dataset lacks one. */
function joined(parts: ReadonlyArray<string | undefined>, separator = ''): string | undefined {
  return parts.every((p) => p !== undefined) ? parts.filter((p) => p !== '').join(separator) : undefined;
}

function poolCondition(id: string, parts: ReadonlyArray<{ d: DatasetResult; c: ConditionResult }>): ConditionResult {
  const cs = parts.map((p) => p.c);
  const sum = (f: (c: ConditionResult) => number) => cs.reduce((s, c) => s + f(c), 0);
  const labels = Object.fromEntries(LABELS.map((l) => [l, sum((c) => c.labels[l])])) as ConditionResult['labels'];
  const est = (f: (c: ConditionResult) => Interval | null, weight: (c: ConditionResult, e: Interval) => number, min = 0) =>
    poolIntervals(cs.flatMap((c) => { const e = f(c); return e ? [{ est: e, weight: weight(c, e) }] : []; }), min);
  const hits = joined(parts.map((p) => p.c.item_hits));
  const counts = joined(parts.map((p) => p.c.item_counts), ',');
  return {
    condition: id, temperature: cs[0]!.temperature, samples_per_item: cs[0]!.samples_per_item,
    n_samples: sum((c) => c.n_samples), n_judged: sum((c) => c.n_judged),
    n_judge_errors: sum((c) => c.n_judge_errors), n_request_errors: sum((c) => c.n_request_errors),
    followup: est((c) => c.followup, (c) => c.n_judged),
    any_of_k: est((c) => c.any_of_k, (_c, e) => e.n),
    labels,
    delta_vs_greedy: est((c) => c.delta_vs_greedy, (_c, e) => e.n, -1),
    ...(hits !== undefined ? { item_hits: hits } : {}),
    ...(counts !== undefined ? { item_counts: counts } : {}),
  };
}

/** One summary's datasets (only `datasets`, e.g. those with an accuracy) pooled into one; null when none ran. */
export function poolSummary(s: ResultSummary, datasets: readonly string[]): DatasetResult | null {
  const ds = s.datasets.filter((d) => datasets.includes(d.dataset));
  if (ds.length === 0) return null;
  const item_ids = ds.flatMap((d) => d.item_ids.map((i) => `${d.dataset}/${i}`));
  const conditionIds = [...new Set(ds.flatMap((d) => d.conditions.map((c) => c.condition)))];
  // A condition is pooled over the datasets that ran it; per-item vectors only when all of them did.
  const conditions = conditionIds.map((id) => {
    const parts = ds.flatMap((d) => { const c = d.conditions.find((x) => x.condition === id); return c ? [{ d, c }] : []; });
    const pooled = poolCondition(id, parts);
    if (parts.length !== ds.length) { delete pooled.item_hits; delete pooled.item_counts; }
    return pooled;
  });
  const withAcc = ds.filter((d) => d.accuracy);
  const strict = poolIntervals(withAcc.map((d) => ({ est: d.accuracy!.strict, weight: d.accuracy!.strict.n })));
  const correct = withAcc.length === ds.length ? joined(ds.map((d) => d.accuracy?.item_correct)) : undefined;
  const accuracy = strict && withAcc.length === ds.length
    ? { metric: withAcc[0]!.accuracy!.metric, strict, loose: null, instruction_strict: null, instruction_loose: null, ...(correct !== undefined ? { item_correct: correct } : {}) }
    : null;
  return { dataset: ALL_DATASETS as DatasetResult['dataset'], n_items: item_ids.length, item_ids, accuracy, conditions };
}

/** Summaries whose only dataset is the pool of `datasets` (models with none of them are left out). */
export function pooledSummaries(summaries: readonly ResultSummary[], datasets: readonly string[]): ResultSummary[] {
  return summaries.flatMap((s) => {
    const d = poolSummary(s, datasets);
    return d ? [{ ...s, datasets: [d] }] : [];
  });
}
