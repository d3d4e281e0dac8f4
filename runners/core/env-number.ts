import { UsageError } from './errors.ts';

/**
 * A whole number of at least `min` from the environment variable `name`, or `fallback` when it is unset or empty.
 * Anything else is a usage error naming the variable: `Number("abc")` would have made a 5 s limit NaN, and a
 * template was then blamed for "rendering stopped after NaN s".
 */
export function envWholeNumber(name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const raw = process.env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < min) throw new UsageError(`${name} must be a whole number ≥ ${min}, got "${raw.slice(0, 40)}"`);
  if (Number(raw) > max) throw new UsageError(`${name} must be at most ${max}, got "${raw.slice(0, 40)}"`);
  return Number(raw);
}
