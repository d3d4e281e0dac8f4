/**
 * A Binomial(n, p) draw from a uniform source, in O(n·min(p, 1−p)) steps at most 30-ish: inversion by the pmf
 * recursion when n·min(p, 1−p) < 30, otherwise the normal approximation with continuity rounding (its error is
 * far below the resampling noise of the bootstraps that use it). Resampling n items with replacement and counting
 * hits is exactly such a draw, without n random numbers.
 */
export function binomialDraw(n: number, p: number, rand: () => number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (p > 0.5) return n - binomialDraw(n, 1 - p, rand);
  if (n * p < 30) {
    const u = rand();
    let k = 0;
    let pmf = Math.pow(1 - p, n);
    let cdf = pmf;
    const ratio = p / (1 - p);
    while (cdf < u && k < n) {
      pmf *= ((n - k) / (k + 1)) * ratio;
      k++;
      cdf += pmf;
    }
    return k;
  }
  // Box–Muller; 1 − rand() keeps the logarithm finite.
  const z = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return Math.min(n, Math.max(0, Math.round(n * p + z * Math.sqrt(n * p * (1 - p)))));
}

/** Multinomial(n, weights) by conditional binomial draws: counts per category summing to n. */
export function multinomialDraw(n: number, weights: readonly number[], rand: () => number): number[] {
  const out = new Array<number>(weights.length).fill(0);
  let left = n;
  let mass = weights.reduce((s, w) => s + w, 0);
  for (let i = 0; i < weights.length && left > 0; i++) {
    const w = weights[i]!;
    const x = i === weights.length - 1 ? left : binomialDraw(left, mass > 0 ? Math.min(1, w / mass) : 0, rand);
    out[i] = x;
    left -= x;
    mass -= w;
  }
  return out;
}
