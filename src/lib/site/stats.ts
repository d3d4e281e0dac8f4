/** Small statistics for the site (pure): rank groups from CI overlap, Spearman, Cohen's kappa. */

export interface Interval { value: number; lo: number; hi: number }

/**
 * Rank groups: rows sorted by value (descending); a new group starts at the first row whose CI does not overlap
 * the CI of the current group's leader. Models in one group are not distinguishable at 95%. Returns the group
 * number (1-based) per input index; rows without an estimate get null.
 */
export function rankGroups(xs: ReadonlyArray<Interval | null>): Array<number | null> {
  const order = xs.map((x, i) => ({ x, i })).filter((r): r is { x: Interval; i: number } => r.x !== null)
    .sort((a, b) => b.x.value - a.x.value || a.i - b.i);
  const out: Array<number | null> = xs.map(() => null);
  let group = 0;
  let leader: Interval | null = null;
  for (const r of order) {
    if (!leader || r.x.hi < leader.lo) { group++; leader = r.x; }
    out[r.i] = group;
  }
  return out;
}

/** Average ranks (ties share their mean rank), 1-based. */
export function ranks(xs: readonly number[]): number[] {
  const idx = xs.map((x, i) => ({ x, i })).sort((a, b) => a.x - b.x);
  const r = new Array<number>(xs.length);
  for (let i = 0; i < idx.length;) {
    let j = i;
    while (j + 1 < idx.length && idx[j + 1]!.x === idx[i]!.x) j++;
    const avg = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) r[idx[k]!.i] = avg;
    i = j + 1;
  }
  return r;
}

/** Spearman rank correlation; null with fewer than 3 pairs or no variance. */
export function spearman(a: readonly number[], b: readonly number[]): number | null {
  if (a.length !== b.length || a.length < 3) return null;
  const ra = ranks(a);
  const rb = ranks(b);
  const n = a.length;
  const ma = ra.reduce((s, x) => s + x, 0) / n;
  const mb = rb.reduce((s, x) => s + x, 0) / n;
  let num = 0; let da = 0; let db = 0;
  for (let i = 0; i < n; i++) {
    const x = ra[i]! - ma; const y = rb[i]! - mb;
    num += x * y; da += x * x; db += y * y;
  }
  if (da === 0 || db === 0) return null;
  return num / Math.sqrt(da * db);
}

/** Cohen's kappa and raw agreement from a square confusion matrix. */
export function kappaFromConfusion(conf: readonly (readonly number[])[]): { n: number; percent: number | null; kappa: number | null } {
  const n = conf.reduce((s, r) => s + r.reduce((a, b) => a + b, 0), 0);
  if (n === 0) return { n, percent: null, kappa: null };
  let agree = 0; let pe = 0;
  for (let i = 0; i < conf.length; i++) {
    agree += conf[i]?.[i] ?? 0;
    const row = (conf[i] ?? []).reduce((a, b) => a + b, 0);
    const col = conf.reduce((s, r) => s + (r[i] ?? 0), 0);
    pe += (row / n) * (col / n);
  }
  const po = agree / n;
  return { n, percent: po, kappa: pe >= 1 ? null : (po - pe) / (1 - pe) };
}

/** Element-wise sum of confusion matrices of equal shape. */
export function sumConfusions(ms: ReadonlyArray<readonly (readonly number[])[]>, size: number): number[][] {
  const out = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const m of ms) m.forEach((row, i) => row.forEach((v, j) => { if (i < size && j < size) out[i]![j]! += v; }));
  return out;
}
