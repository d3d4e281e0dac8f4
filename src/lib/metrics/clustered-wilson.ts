import type { Estimate } from '../../schema/index.ts';
import type { ItemCount } from './bootstrap.ts';
import { round6 } from './quantile.ts';
import { wilsonInterval } from './wilson.ts';

/**
 * Design effect of the pooled rate sum(h)/sum(t) over item clusters: the cluster-robust (linearised ratio)
 * variance, sum_i (h_i - p t_i)^2 / T^2, over the binomial variance p(1-p)/T. Floored at 1, and 1 when p is
 * 0 or 1 (no variance to estimate, as in Korn & Graubard 1998). With one trial per item it is exactly 1.
 */
export function designEffect(items: readonly ItemCount[]): number {
  let h = 0;
  let t = 0;
  for (const i of items) { h += i.hits; t += i.trials; }
  if (t === 0) return 1;
  const p = h / t;
  if (p === 0 || p === 1) return 1;
  let ss = 0;
  for (const i of items) ss += (i.hits - p * i.trials) ** 2;
  const clustered = ss / (t * t);
  const binomial = (p * (1 - p)) / t;
  return Math.max(1, clustered / binomial);
}

/** Unrounded pooled rate and clustered Wilson bounds over items with trials; null when there are none. */
export function clusteredWilsonBounds(items: readonly ItemCount[], confidence: number): { p: number; lo: number; hi: number; n: number } | null {
  const units = items.filter((i) => i.trials > 0);
  let h = 0;
  let t = 0;
  for (const i of units) { h += i.hits; t += i.trials; }
  if (units.length === 0 || t === 0) return null;
  const p = h / t;
  const nEff = t / designEffect(units);
  const ci = wilsonInterval(p * nEff, nEff, confidence);
  return { p, lo: Math.min(ci.lo, p), hi: Math.max(ci.hi, p), n: units.length };
}

/**
 * Pooled rate with a Wilson score interval on the effective sample size n_eff = trials / deff (Kish 1965;
 * Korn & Graubard 1998; Dean & Pagano 2015). Never zero width at 0 hits: 0/1319 gives [0, 0.29%]. With one
 * trial per item (greedy, any-of-k, accuracy) it is the plain Wilson interval. Null when nothing was judged.
 */
export function clusteredWilsonRate(items: readonly ItemCount[], confidence: number): Estimate | null {
  const b = clusteredWilsonBounds(items, confidence);
  return b && { value: round6(b.p), lo: round6(b.lo), hi: round6(b.hi), n: b.n };
}
