import type { Label } from '../../schema/taxonomy.ts';
import { mulberry32 } from '../metrics/prng.ts';
import { quantileSorted, round6 } from '../metrics/quantile.ts';
import { confusionMatrix } from './confusion.ts';
import { cohenKappa, percentAgreement } from './kappa.ts';

/** A kappa with its 95% percentile bootstrap interval over items; null parts when kappa is undefined. */
export interface KappaInterval {
  n: number;
  kappa: number | null;
  lo: number | null;
  hi: number | null;
  percent: number | null;
}

export interface KappaBootstrapOptions {
  replicates: number;
  seed: number;
}

export const DEFAULT_KAPPA_BOOTSTRAP: KappaBootstrapOptions = { replicates: 2000, seed: 20261123 };

/**
 * Percentile bootstrap of any per-item agreement statistic: items are resampled with replacement. Replicates in
 * which the statistic is undefined (every resampled item carries one and the same label, so chance agreement is 1)
 * are left out; when the statistic itself is undefined on the data, so is the interval. The interval is widened to
 * hold the point estimate if needed (on a handful of items a percentile interval can miss it).
 */
export function bootstrapStat<T>(items: readonly T[], stat: (xs: readonly T[]) => number | null, opts: KappaBootstrapOptions): { value: number | null; lo: number | null; hi: number | null } {
  const value = items.length === 0 ? null : stat(items);
  if (value === null) return { value: null, lo: null, hi: null };
  const rand = mulberry32(opts.seed);
  const n = items.length;
  const stats: number[] = [];
  const sample: T[] = new Array(n);
  for (let r = 0; r < opts.replicates; r++) {
    for (let j = 0; j < n; j++) sample[j] = items[Math.floor(rand() * n)]!;
    const s = stat(sample);
    if (s !== null) stats.push(s);
  }
  stats.sort((a, b) => a - b);
  if (stats.length === 0) return { value: round6(value), lo: null, hi: null };
  return { value: round6(value), lo: round6(Math.min(value, quantileSorted(stats, 0.025))), hi: round6(Math.max(value, quantileSorted(stats, 0.975))) };
}

/** Cohen's kappa of paired labels (rows: first rater / truth, columns: second rater / judge) with its interval. */
export function cohenKappaInterval(pairs: ReadonlyArray<readonly [Label, Label]>, opts: KappaBootstrapOptions = DEFAULT_KAPPA_BOOTSTRAP): KappaInterval {
  const b = bootstrapStat(pairs, (xs) => cohenKappa(confusionMatrix(xs)), opts);
  const percent = percentAgreement(confusionMatrix(pairs));
  return { n: pairs.length, kappa: b.value, lo: b.lo, hi: b.hi, percent: percent === null ? null : round6(percent) };
}

/**
 * Fleiss' kappa for items rated by the same number m ≥ 2 of raters. Each item is its list of labels.
 * P_i = (Σ_j n_ij² − m) / (m(m − 1)), P̄ = mean P_i, p_j = Σ_i n_ij / (N m), P_e = Σ p_j²; κ = (P̄ − P_e) / (1 − P_e).
 * Null with no items or when P_e = 1 (one label for everything).
 */
export function fleissKappa(items: ReadonlyArray<readonly string[]>): number | null {
  if (items.length === 0) return null;
  const m = items[0]!.length;
  if (m < 2 || items.some((it) => it.length !== m)) throw new Error(`fleissKappa: every item needs the same number (≥ 2) of ratings`);
  const totals = new Map<string, number>();
  let pBar = 0;
  for (const it of items) {
    const counts = new Map<string, number>();
    for (const l of it) counts.set(l, (counts.get(l) ?? 0) + 1);
    let sq = 0;
    for (const [l, c] of counts) {
      sq += c * c;
      totals.set(l, (totals.get(l) ?? 0) + c);
    }
    pBar += (sq - m) / (m * (m - 1));
  }
  pBar /= items.length;
  let pe = 0;
  for (const c of totals.values()) pe += (c / (items.length * m)) ** 2;
  if (Math.abs(1 - pe) < 1e-12) return null;
  return Math.max(-1, Math.min(1, (pBar - pe) / (1 - pe)));
}

/** Fleiss' kappa with its bootstrap interval; `percent` is the share of items on which all raters agree. */
export function fleissKappaInterval(items: ReadonlyArray<readonly string[]>, opts: KappaBootstrapOptions = DEFAULT_KAPPA_BOOTSTRAP): KappaInterval {
  const b = bootstrapStat(items, fleissKappa, opts);
  const unanimous = items.filter((it) => it.every((l) => l === it[0])).length;
  return { n: items.length, kappa: b.value, lo: b.lo, hi: b.hi, percent: items.length === 0 ? null : round6(unanimous / items.length) };
}
