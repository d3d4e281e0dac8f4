/**
 * Wilson score interval for a binomial proportion (Wilson 1927; Brown, Cai & DasGupta 2001). Unlike the
 * percentile bootstrap it never collapses to zero width at 0 or n hits: 0/1319 gives [0, 0.29%].
 * `n` may be an effective sample size (a real number), as in design-effect adjustments.
 */
export function wilsonInterval(hits: number, n: number, confidence: number): { lo: number; hi: number } {
  if (!(n > 0)) throw new Error('wilsonInterval: n must be positive');
  if (hits < 0 || hits > n) throw new Error('wilsonInterval: hits must be within [0, n]');
  const z = normalQuantile(1 - (1 - confidence) / 2);
  const p = hits / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + z2n / (4 * n));
  return { lo: hits === 0 ? 0 : Math.max(0, centre - half), hi: hits === n ? 1 : Math.min(1, centre + half) };
}

/**
 * Standard normal quantile (Acklam's rational approximation, relative error < 1.2e-9), so that any
 * confidence level in the suite gets its own z, not a hard-coded 1.96.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new Error('normalQuantile: p must be in (0, 1)');
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const lowTail = 0.02425;
  if (p < lowTail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - lowTail) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}
