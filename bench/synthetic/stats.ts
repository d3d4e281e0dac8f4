/** Cheap stand-ins for the runner's statistics: normal-approximation intervals and Cohen's kappa. */

export const clamp01 = (x: number): number => Math.max(0, Math.min(1, x));

type Interval = { value: number; lo: number; hi: number; n: number };

/** Mean with a normal-approximation 95% CI over per-item values, clamped to [min, max]. */
function meanInterval(values: number[], min: number, max: number): Interval | null {
  const n = values.length;
  if (n === 0) return null;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, n - 1));
  const half = 1.96 * sd / Math.sqrt(n);
  const c = (x: number) => Math.max(min, Math.min(max, x));
  return { value: c(mean), lo: c(mean - half), hi: c(mean + half), n };
}

/** A rate (0…1) with its interval (cheap stand-in for the bootstrap). */
export const estimate = (values: number[]): Interval | null => meanInterval(values, 0, 1);

/** A difference of rates (−1…1), same interval. */
export const delta = (values: number[]): Interval | null => meanInterval(values, -1, 1);

/** Percent agreement and Cohen's kappa of a confusion matrix. */
export function kappa(conf: number[][]): { n: number; percent: number | null; kappa: number | null } {
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
  return { n, percent: po, kappa: pe >= 1 ? null : Math.max(-1, Math.min(1, (po - pe) / (1 - pe))) };
}
