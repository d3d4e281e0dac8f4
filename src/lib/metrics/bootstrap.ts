import type { Delta, Estimate } from '../../schema/index.ts';
import { mulberry32Index } from './prng.ts';
import { clamp, quantileSorted, round6 } from './quantile.ts';

/** One resampling unit: an item with its successes out of trials (all samples of one item stay together). */
export interface ItemCount {
  hits: number;
  trials: number;
}

export interface BootstrapOptions {
  resamples: number;
  seed: number;
  confidence: number;
}

/**
 * Pooled rate sum(hits)/sum(trials) with a percentile item-bootstrap CI: items are resampled with
 * replacement, so correlated samples of one item move together. Null when there are no trials.
 */
export function bootstrapRate(items: readonly ItemCount[], opts: BootstrapOptions): Estimate | null {
  const units = items.filter((i) => i.trials > 0);
  const totalTrials = units.reduce((s, i) => s + i.trials, 0);
  if (units.length === 0 || totalTrials === 0) return null;
  const value = units.reduce((s, i) => s + i.hits, 0) / totalTrials;
  const n = units.length;
  // Typed arrays and integer draws: the same sums in the same order as over the objects, without an allocation
  // per draw (a summary draws items × resamples indices for every estimate).
  const hits = Float64Array.from(units, (u) => u.hits);
  const trials = Float64Array.from(units, (u) => u.trials);
  const draw = mulberry32Index(opts.seed);
  const stats = new Float64Array(opts.resamples);
  for (let r = 0; r < opts.resamples; r++) {
    let h = 0;
    let t = 0;
    for (let j = 0; j < n; j++) {
      const k = draw(n);
      h += hits[k]!;
      t += trials[k]!;
    }
    stats[r] = h / t;
  }
  stats.sort();
  const alpha = (1 - opts.confidence) / 2;
  return {
    value: round6(value),
    lo: round6(clamp(Math.min(quantileSorted(stats, alpha), value), 0, 1)),
    hi: round6(clamp(Math.max(quantileSorted(stats, 1 - alpha), value), 0, 1)),
    n,
  };
}

/** Any-of-k units: one trial per judged item, a hit when the item had at least one. */
export const anyHitPerItem = (items: readonly ItemCount[]): ItemCount[] =>
  items.filter((i) => i.trials > 0).map((i) => ({ hits: i.hits > 0 ? 1 : 0, trials: 1 }));

/** Share of items with at least one hit (any-of-k), bootstrapped over items. */
export function anyOfK(items: readonly ItemCount[], opts: BootstrapOptions): Estimate | null {
  return bootstrapRate(anyHitPerItem(items), opts);
}

/** A paired item: the rate of the item under the condition and under the baseline. */
export interface PairedItem {
  a: ItemCount;
  b: ItemCount;
}

/**
 * Difference of pooled rates (a − b) over items present in both, with a paired bootstrap CI
 * (the same resampled items on both sides). Null when no item is paired.
 */
export function pairedDelta(pairs: readonly PairedItem[], opts: BootstrapOptions): Delta | null {
  const units = pairs.filter((p) => p.a.trials > 0 && p.b.trials > 0);
  if (units.length === 0) return null;
  const rate = (sel: (p: PairedItem) => ItemCount, list: readonly PairedItem[]): number => {
    let h = 0;
    let t = 0;
    for (const p of list) {
      h += sel(p).hits;
      t += sel(p).trials;
    }
    return h / t;
  };
  const value = rate((p) => p.a, units) - rate((p) => p.b, units);
  const n = units.length;
  const aHits = Float64Array.from(units, (u) => u.a.hits);
  const aTrials = Float64Array.from(units, (u) => u.a.trials);
  const bHits = Float64Array.from(units, (u) => u.b.hits);
  const bTrials = Float64Array.from(units, (u) => u.b.trials);
  const draw = mulberry32Index(opts.seed);
  const stats = new Float64Array(opts.resamples);
  for (let r = 0; r < opts.resamples; r++) {
    let ha = 0, ta = 0, hb = 0, tb = 0;
    for (let j = 0; j < n; j++) {
      const k = draw(n);
      ha += aHits[k]!; ta += aTrials[k]!; hb += bHits[k]!; tb += bTrials[k]!;
    }
    stats[r] = ha / ta - hb / tb;
  }
  // Numeric ascending, as the comparator sort (no NaN can occur: every unit has trials on both sides).
  stats.sort();
  const alpha = (1 - opts.confidence) / 2;
  return {
    value: round6(value),
    lo: round6(clamp(Math.min(quantileSorted(stats, alpha), value), -1, 1)),
    hi: round6(clamp(Math.max(quantileSorted(stats, 1 - alpha), value), -1, 1)),
    n,
  };
}
