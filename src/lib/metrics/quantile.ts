/** Linear-interpolation quantile (type 7) of an ascending-sorted array. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

/** Round to 6 decimals so summaries are stable and compact. */
export const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));
