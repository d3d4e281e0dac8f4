import type { Delta } from '../../schema/index.ts';
import type { ItemCount, PairedItem } from './bootstrap.ts';
import { clusteredWilsonBounds } from './clustered-wilson.ts';
import { round6 } from './quantile.ts';

/**
 * Correlation of the two pooled rates over paired items, from their cluster-robust (linearised) residuals
 * h_i − p·t_i; with one trial per item on both sides it is the phi coefficient of the paired outcomes.
 * 0 when either side has no variance (e.g. no hits at all).
 */
function rateCorrelation(a: readonly ItemCount[], b: readonly ItemCount[], pa: number, pb: number): number {
  let sab = 0, saa = 0, sbb = 0;
  for (let i = 0; i < a.length; i++) {
    const ra = a[i]!.hits - pa * a[i]!.trials;
    const rb = b[i]!.hits - pb * b[i]!.trials;
    sab += ra * rb; saa += ra * ra; sbb += rb * rb;
  }
  return saa === 0 || sbb === 0 ? 0 : sab / Math.sqrt(saa * sbb);
}

export interface Bounds { p: number; lo: number; hi: number }

/** MOVER limits of p1 − p2 from each rate's own interval and the correlation r of the two estimates. */
export function moverDifference(x: Bounds, y: Bounds, r: number): { lo: number; hi: number } {
  const d = x.p - y.p;
  const lo = d - Math.sqrt(Math.max(0, (x.p - x.lo) ** 2 + (y.hi - y.p) ** 2 - 2 * r * (x.p - x.lo) * (y.hi - y.p)));
  const hi = d + Math.sqrt(Math.max(0, (x.hi - x.p) ** 2 + (y.p - y.lo) ** 2 - 2 * r * (x.hi - x.p) * (y.p - y.lo)));
  return { lo: Math.max(-1, Math.min(lo, d)), hi: Math.min(1, Math.max(hi, d)) };
}

/**
 * Paired difference of pooled rates (a − b) over items present in both, with a MOVER interval (Zou & Donner 2008)
 * built from each side's clustered Wilson interval and the correlation of the two rates; with one sample per
 * item this is Newcombe's (1998) square-and-add interval for paired proportions (method 10, with the plain phi
 * coefficient), and with correlation 0 his hybrid score interval for independent proportions. It does not call
 * 4/1319 against 0/1319 an effect (exact McNemar p = 0.125), where the percentile bootstrap would.
 */
export function moverWilsonDelta(pairs: readonly PairedItem[], confidence: number): Delta | null {
  const units = pairs.filter((p) => p.a.trials > 0 && p.b.trials > 0);
  if (units.length === 0) return null;
  const a = units.map((u) => u.a);
  const b = units.map((u) => u.b);
  const ea = clusteredWilsonBounds(a, confidence)!;
  const eb = clusteredWilsonBounds(b, confidence)!;
  const ci = moverDifference(ea, eb, rateCorrelation(a, b, ea.p, eb.p));
  return { value: round6(ea.p - eb.p), lo: round6(ci.lo), hi: round6(ci.hi), n: units.length };
}
