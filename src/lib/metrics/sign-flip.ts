/** Exact paired sign-flip test on per-item follow-up rates: the rank test for sampled conditions (pure). */
import type { ItemCount } from './bootstrap.ts';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Exact two-sided sign-flip (paired permutation) test on integer scores dᵢ: under H0 each dᵢ is as likely to be
 * −dᵢ (the two models are exchangeable within an item), so S = Σ ±|dᵢ| over all 2ⁿ sign patterns is the null
 * distribution of Σdᵢ (Fisher 1935, The Design of Experiments, ch. III). p = P(|S| ≥ |Σdᵢ|), computed by dynamic
 * programming over the subset sums of |dᵢ|: no sampling, so the same data give the same p. With dᵢ in {−1, 0, 1}
 * it is the exact McNemar test.
 */
export function signFlipP(scores: readonly number[]): number {
  const abs = scores.filter((d) => d !== 0).map(Math.abs);
  if (abs.length === 0) return 1;
  const g = abs.reduce(gcd);
  const s = abs.map((d) => d / g);
  const total = s.reduce((a, b) => a + b, 0);
  let positive = 0;
  scores.forEach((d) => { if (d > 0) positive += d / g; });
  // T = the summed |dᵢ| that keep a + sign, S = 2T − total; by symmetry P(|S| ≥ |S_obs|) = 2·P(T ≥ max(T_obs, total − T_obs)).
  const threshold = Math.max(positive, total - positive);
  const pmf = new Float64Array(total + 1);
  pmf[0] = 1;
  let reach = 0;
  for (const v of s) {
    reach += v;
    for (let j = reach; j >= v; j--) pmf[j] = 0.5 * (pmf[j]! + pmf[j - v]!);
    for (let j = v - 1; j >= 0; j--) pmf[j] = 0.5 * pmf[j]!;
  }
  let tail = 0;
  for (let j = threshold; j <= total; j++) tail += pmf[j]!;
  return Math.min(1, 2 * tail);
}

/** Finest grid the rate differences are put on; above it they are rounded to it (see pairedRateSignFlip). */
const MAX_SCALE = 64;

/**
 * The paired, item-clustered comparison of two models' follow-up rates on the items both judged: per item the
 * difference of rates hₐ/tₐ − h_b/t_b (each item one unit, however many samples it holds), tested with the exact
 * sign-flip test on those differences. They are put on integers by the least common multiple of the trial counts
 * (4 when every item has 4 judged samples), which keeps them exact; should that exceed 64 (trial counts as
 * unlike as 7 and 9), on 64ths, rounded: the test is then exact for the rounded differences, still a valid test.
 * `direction` is the sign of the summed difference.
 */
export function pairedRateSignFlip(pairs: ReadonlyArray<{ a: ItemCount; b: ItemCount }>): { p: number; direction: number; shared: number } {
  const used = pairs.filter((x) => x.a.trials > 0 && x.b.trials > 0);
  let lcm = 1;
  for (const x of used) for (const t of [x.a.trials, x.b.trials]) if (lcm <= MAX_SCALE) lcm = (lcm * t) / gcd(lcm, t);
  const scale = Math.min(lcm, MAX_SCALE);
  const scores = used.map((x) => Math.round((x.a.hits / x.a.trials - x.b.hits / x.b.trials) * scale));
  const sum = scores.reduce((a, b) => a + b, 0);
  return { p: signFlipP(scores), direction: Math.sign(sum), shared: used.length };
}
