import { bcaInterval } from './bca.ts';
import { mulberry32 } from './prng.ts';
import { round6 } from './quantile.ts';
import { spearman } from './spearman.ts';

/** One model's point: accuracy and follow-up rate, each measured over n items (or samples). */
export interface RhoModel {
  acc: { value: number; n: number };
  fu: { value: number; n: number };
}

export interface RhoInterval {
  rho: number | null;
  lo: number | null;
  hi: number | null;
  /** The interval contains 0 (or there is no interval): the correlation cannot be told from zero. */
  includes_zero: boolean;
  /** Resamples in which one variable was constant (ρ undefined), counted as ρ = 0. */
  degenerate: number;
  resamples: number;
}

/**
 * Spearman's ρ between accuracy and follow-up rate across models, with a BCa bootstrap interval over models.
 *
 * Models are the resampling units and their measured rates are kept as they are: each rate already carries its
 * items' sampling noise, so the spread of the observed points already holds it. Resampling items again inside each
 * drawn model adds that noise a second time (Davison & Hinkley 1997, §3.8: the two-stage bootstrap double-counts
 * the within-cluster variance; Ren et al. 2010, J. Appl. Stat. 37:1487, "resample the highest level only"), and for
 * a correlation extra noise is not only wider but biased towards 0 (attenuation): the replicates then estimate a
 * weaker ρ than the one reported, and on 12 synthetic models the point ρ = 0.85 fell outside its own percentile
 * interval [−0.10, 0.84]. The interval is BCa (src/lib/metrics/bca.ts, jackknife over models), which corrects
 * for the skew of ρ near ±1 that a percentile interval ignores.
 *
 * A resample whose drawn models share one value of a variable (e.g. every follow-up rate 0) has no ρ; it counts
 * as ρ = 0 (no association can be shown) and is reported. With fewer than 3 models, or ρ undefined on the models
 * themselves, there is no interval.
 */
export function spearmanBootstrap(models: readonly RhoModel[], opts: { resamples: number; seed: number; confidence: number }): RhoInterval {
  const acc = models.map((m) => m.acc.value);
  const fu = models.map((m) => m.fu.value);
  const rho = spearman(acc, fu);
  const m = models.length;
  if (m < 3 || rho === null) return { rho, lo: null, hi: null, includes_zero: true, degenerate: 0, resamples: 0 };
  const rand = mulberry32(opts.seed);
  const stats: number[] = new Array(opts.resamples);
  let degenerate = 0;
  const xs = new Array<number>(m);
  const ys = new Array<number>(m);
  for (let r = 0; r < opts.resamples; r++) {
    for (let j = 0; j < m; j++) {
      const pick = Math.floor(rand() * m);
      xs[j] = acc[pick]!;
      ys[j] = fu[pick]!;
    }
    const s = spearman(xs, ys);
    if (s === null) degenerate++;
    stats[r] = s ?? 0;
  }
  stats.sort((a, b) => a - b);
  const jackknife = models.map((_, i) => spearman(acc.filter((_, j) => j !== i), fu.filter((_, j) => j !== i)) ?? 0);
  const { lo, hi } = bcaInterval(stats, rho, jackknife, opts.confidence);
  return { rho: round6(rho), lo, hi, includes_zero: lo <= 0 && hi >= 0, degenerate, resamples: opts.resamples };
}
