/**
 * Bias-corrected and accelerated (BCa) bootstrap interval (Efron 1987, "Better bootstrap confidence intervals",
 * JASA 82:171–185; Davison & Hinkley 1997, §5.3.2; Efron & Tibshirani 1993, §14.3). The percentile interval assumes
 * the replicates are centred on the estimate; BCa corrects for a median bias (z0) and for a standard error that
 * changes with the parameter (the acceleration a, from a jackknife), which matters for a correlation near ±1.
 */
import { quantileSorted, round6 } from './quantile.ts';
import { normalQuantile } from './wilson.ts';

/** Standard normal CDF (Abramowitz & Stegun 7.1.26 on erf, |error| < 1.5e-7: far below the resampling noise). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Acceleration from jackknife (leave-one-unit-out) estimates: Σd³ / (6 (Σd²)^1.5), d = mean − θ(i). */
export function acceleration(jackknife: readonly number[]): number {
  const mean = jackknife.reduce((s, x) => s + x, 0) / jackknife.length;
  let s2 = 0, s3 = 0;
  for (const x of jackknife) { const d = mean - x; s2 += d * d; s3 += d * d * d; }
  return s2 === 0 ? 0 : s3 / (6 * s2 ** 1.5);
}

/**
 * The BCa interval of `estimate` from its sorted replicates and its jackknife values. Ties with the estimate count
 * half (a rank statistic such as Spearman's ρ takes few distinct values). Endpoints are quantiles of the replicates,
 * so they stay inside the statistic's range.
 */
export function bcaInterval(sorted: readonly number[], estimate: number, jackknife: readonly number[], confidence: number): { lo: number; hi: number } {
  const b = sorted.length;
  let below = 0, equal = 0;
  for (const x of sorted) { if (x < estimate) below++; else if (x === estimate) equal++; }
  const p0 = Math.min(1 - 0.5 / b, Math.max(0.5 / b, (below + equal / 2) / b));
  const z0 = normalQuantile(p0);
  const a = acceleration(jackknife);
  const level = (alpha: number) => {
    const z = z0 + normalQuantile(alpha);
    const d = 1 - a * z;
    // Past the pole of the correction the level runs to the end it was heading for.
    return d <= 0 ? (z > 0 ? 1 : 0) : normalCdf(z0 + z / d);
  };
  const tail = (1 - confidence) / 2;
  return { lo: round6(quantileSorted(sorted, level(tail))), hi: round6(quantileSorted(sorted, level(1 - tail))) };
}
