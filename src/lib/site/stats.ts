/** Small statistics for the site (pure). Rank groups: src/lib/site/rank.ts; Spearman comes from src/lib/metrics. */

export { ranks, spearman } from '../metrics/spearman.ts';

/** Element-wise sum of confusion matrices of equal shape. */
export function sumConfusions(ms: ReadonlyArray<readonly (readonly number[])[]>, size: number): number[][] {
  const out = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const m of ms) m.forEach((row, i) => row.forEach((v, j) => { if (i < size && j < size) out[i]![j]! += v; }));
  return out;
}
