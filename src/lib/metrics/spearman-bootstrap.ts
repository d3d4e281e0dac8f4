import { binomialDraw, multinomialDraw } from './binomial-draw.ts';
import { mulberry32 } from './prng.ts';
import { quantileSorted, round6 } from './quantile.ts';
import { spearman } from './spearman.ts';

/** One model's point: accuracy and follow-up rate over items, with per-item vectors when the summary has them. */
export interface RhoModel {
  acc: { value: number; n: number };
  fu: { value: number; n: number };
  /** Same item order in both ("1", "0", "." not measured); absent for suite v1 results and sampled conditions. */
  items?: { acc: string; fu: string } | null;
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

/** Per-item states as counts of the 9 cells (accuracy ".", "0", "1") × (follow-up ".", "0", "1"). */
function cellCounts(v: { acc: string; fu: string }): number[] {
  const code = (c: string | undefined) => (c === '1' ? 2 : c === '0' ? 1 : 0);
  const cells = new Array<number>(9).fill(0);
  for (let i = 0; i < v.acc.length; i++) cells[code(v.acc[i]) * 3 + code(v.fu[i])]!++;
  return cells;
}

/**
 * Resample a model's k items with replacement, as one multinomial draw over its cells (exactly equivalent to
 * drawing k items): accuracy and follow-up move together because items do.
 */
function itemResample(cells: readonly number[], k: number, rand: () => number): [number, number] {
  const x = multinomialDraw(k, cells, rand);
  let ah = 0, an = 0, fh = 0, fn = 0;
  for (let c = 0; c < 9; c++) {
    const a = Math.floor(c / 3), f = c % 3, n = x[c]!;
    if (a > 0) { an += n; if (a === 2) ah += n; }
    if (f > 0) { fn += n; if (f === 2) fh += n; }
  }
  return [an ? ah / an : 0, fn ? fh / fn : 0];
}

const share = (n: number, p: number, rand: () => number) => (n > 0 ? binomialDraw(n, p, rand) / n : 0);

/**
 * Spearman's ρ between accuracy and follow-up rate across models with a two-level percentile bootstrap: resample
 * models with replacement, then each drawn model's items with replacement (Davison & Hinkley 1997, §3.8, for
 * hierarchical data), so both the choice of models and the finite item sample move ρ. Without per-item
 * vectors a model's rates are redrawn as Binomial(n, p) over its n items (n = resampling units, conservative for
 * sampled conditions). A resample with a constant variable (e.g. every follow-up rate 0) has no ρ; it counts as
 * ρ = 0 (no association can be shown) and is reported.
 */
export function spearmanBootstrap(models: readonly RhoModel[], opts: { resamples: number; seed: number; confidence: number }): RhoInterval {
  const rho = spearman(models.map((m) => m.acc.value), models.map((m) => m.fu.value));
  const m = models.length;
  if (m < 3) return { rho, lo: null, hi: null, includes_zero: true, degenerate: 0, resamples: 0 };
  const cells = models.map((md) => (md.items && md.items.acc.length === md.items.fu.length && md.items.acc.length > 0 ? cellCounts(md.items) : null));
  const rand = mulberry32(opts.seed);
  const stats: number[] = new Array(opts.resamples);
  let degenerate = 0;
  const xs = new Array<number>(m);
  const ys = new Array<number>(m);
  for (let r = 0; r < opts.resamples; r++) {
    for (let j = 0; j < m; j++) {
      const pick = Math.floor(rand() * m);
      const md = models[pick]!;
      const c = cells[pick];
      if (c) [xs[j], ys[j]] = itemResample(c, md.items!.acc.length, rand);
      else { xs[j] = share(md.acc.n, md.acc.value, rand); ys[j] = share(md.fu.n, md.fu.value, rand); }
    }
    const s = spearman(xs, ys);
    if (s === null) degenerate++;
    stats[r] = s ?? 0;
  }
  stats.sort((a, b) => a - b);
  const alpha = (1 - opts.confidence) / 2;
  const lo = round6(quantileSorted(stats, alpha));
  const hi = round6(quantileSorted(stats, 1 - alpha));
  return { rho: rho === null ? null : round6(rho), lo, hi, includes_zero: lo <= 0 && hi >= 0, degenerate, resamples: opts.resamples };
}
