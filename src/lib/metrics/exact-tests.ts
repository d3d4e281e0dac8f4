/** Exact two-sided tests on counts and the Holm step-down correction (pure; log space, no underflow). */

function logSumExp(xs: readonly number[]): number {
  const m = Math.max(...xs);
  if (m === -Infinity) return -Infinity;
  let s = 0;
  for (const x of xs) s += Math.exp(x - m);
  return m + Math.log(s);
}

/** log of n choose k for every k = 0..n, built incrementally. */
function logBinomials(n: number): number[] {
  const out = new Array<number>(n + 1);
  out[0] = 0;
  for (let k = 0; k < n; k++) out[k + 1] = out[k]! + Math.log(n - k) - Math.log(k + 1);
  return out;
}

/**
 * Exact McNemar test (McNemar 1947; the exact conditional form): under H0 the b discordant pairs won by one side
 * out of b + c are Binomial(b + c, 1/2). Two-sided p = min(1, 2 · P(X ≤ min(b, c))). 1 when nothing is discordant.
 */
export function exactMcNemar(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const lc = logBinomials(n);
  const tail = logSumExp(lc.slice(0, Math.min(b, c) + 1).map((l) => l - n * Math.LN2));
  return Math.min(1, 2 * Math.exp(tail));
}

/**
 * Fisher's exact test, two-sided, for the table [[a, b], [c, d]]: the probability, under the hypergeometric
 * null with fixed margins, of every table no more likely than the one observed (SciPy's definition, with the
 * same 1e-7 relative tolerance for ties).
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  const r1 = a + b;
  const r2 = c + d;
  const c1 = a + c;
  const n = r1 + r2;
  const lr1 = logBinomials(r1);
  const lr2 = logBinomials(r2);
  const lo = Math.max(0, c1 - r2);
  const hi = Math.min(r1, c1);
  const logP = (x: number) => lr1[x]! + lr2[c1 - x]!; // up to the constant log C(n, c1)
  const all: number[] = [];
  for (let x = lo; x <= hi; x++) all.push(logP(x));
  const obs = logP(a);
  const kept = all.filter((l) => l <= obs + Math.log1p(1e-7));
  const p = Math.exp(logSumExp(kept) - logSumExp(all));
  return n === 0 ? 1 : Math.min(1, p);
}

/** Holm (1979) step-down adjusted p-values, in input order: p_(i) · (m − i + 1), made monotone, capped at 1. */
export function holmAdjust(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((x, y) => x.p - y.p || x.i - y.i);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, p * (m - rank)));
    out[i] = running;
  });
  return out;
}
