/** Words for Spearman's ρ and its bootstrap interval: every sentence about decoupling is computed from the data. */
import type { RhoInterval } from '../metrics/spearman-bootstrap.ts';

const num = (x: number) => (x < 0 ? `−${Math.abs(x).toFixed(2)}` : x.toFixed(2));

/** "0.65 [95% CI −0.20, 1.00]", or why there is no ρ. */
export function rhoText(r: RhoInterval, confidence = 0.95): string {
  if (r.rho === null) return 'not defined (fewer than 3 models, or one variable does not vary)';
  if (r.lo === null || r.hi === null) return num(r.rho);
  return `${num(r.rho)} [${Math.round(confidence * 100)}% CI ${num(r.lo)}, ${num(r.hi)}]`;
}

/** The verdict the site prints next to ρ. */
export function rhoVerdict(r: RhoInterval): string {
  if (r.rho === null) return 'no correlation can be computed';
  return r.includes_zero ? 'cannot be told from zero (the interval contains 0)' : `the interval excludes 0 (a ${r.rho > 0 ? 'positive' : 'negative'} association)`;
}

/**
 * " (greedy: 2000 of 2000 resamples here)": how many resamples had no ρ, per condition shown, so a count that
 * belongs to greedy is not read as the sampled condition's; '' when none had.
 */
export function degenerateNote(byCondition: ReadonlyArray<readonly [string, RhoInterval]>): string {
  const parts = byCondition.filter(([, r]) => r.degenerate > 0).map(([c, r]) => `${c}: ${r.degenerate} of ${r.resamples}`);
  if (parts.length === 0) return '';
  return ` (${parts.map((p, i) => (i === 0 ? `${p} resamples` : p)).join(', ')} here)`;
}
