/** Small statistics for the site (pure): rank groups from CI overlap; Spearman comes from src/lib/metrics. */

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

export { ranks, spearman } from '../metrics/spearman.ts';

/** Element-wise sum of confusion matrices of equal shape. */
export function sumConfusions(ms: ReadonlyArray<readonly (readonly number[])[]>, size: number): number[][] {
  const out = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const m of ms) m.forEach((row, i) => row.forEach((v, j) => { if (i < size && j < size) out[i]![j]! += v; }));
  return out;
}
