import { colSums, matrixTotal, rowSums, type Matrix } from './confusion.ts';

/** Share of pairs on the diagonal; null when there are no pairs. */
export function percentAgreement(m: Matrix): number | null {
  const n = matrixTotal(m);
  if (n === 0) return null;
  let diag = 0;
  m.forEach((row, i) => (diag += row[i] ?? 0));
  return diag / n;
}

/**
 * Cohen's kappa: (p_o − p_e) / (1 − p_e) with p_e from the two judges' marginal label distributions.
 * Null when there are no pairs, or when p_e = 1 (both judges used one and the same label for everything:
 * kappa is 0/0 there, and reporting 1 or 0 would be a made-up number; percent agreement still says 100%).
 */
export function cohenKappa(m: Matrix): number | null {
  const n = matrixTotal(m);
  if (n === 0) return null;
  const po = percentAgreement(m) ?? 0;
  const rows = rowSums(m);
  const cols = colSums(m);
  let pe = 0;
  rows.forEach((r, i) => (pe += (r / n) * ((cols[i] ?? 0) / n)));
  if (Math.abs(1 - pe) < 1e-12) return null;
  const k = (po - pe) / (1 - pe);
  return Math.max(-1, Math.min(1, k));
}
