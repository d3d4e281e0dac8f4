import { InputError } from '../core/errors.ts';

/** A refusal: the submission cannot be turned into a command line safely. */
export class UnsafeServeError extends InputError {}

/** Characters a value taken from a submission may contain on a command line (same set as the schema's). */
const SAFE_VALUE = /^[A-Za-z0-9._:\/=,+@-]{1,200}$/;
export const SAFE_FLAG = /^[a-z][a-z0-9-]{0,60}$/;

/**
 * Refuse a value taken from a submission unless it is plain: no shell metacharacters, no whitespace, no
 * leading dash (which an engine's argument parser would read as another option), no `..`.
 */
export function assertSafeArg(field: string, value: unknown): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new UnsafeServeError(`${field}: must be a finite number`);
    const s = String(value);
    if (!/^-?[0-9.e+]+$/.test(s)) throw new UnsafeServeError(`${field}: unexpected number format "${s}"`);
    return s;
  }
  if (typeof value !== 'string') throw new UnsafeServeError(`${field}: must be a string or a number, got ${typeof value}`);
  if (!SAFE_VALUE.test(value)) throw new UnsafeServeError(`${field}: refused: contains characters that are not allowed on a command line (only letters, digits and . _ : / = , + @ -)`);
  if (value.startsWith('-')) throw new UnsafeServeError(`${field}: refused: must not start with "-" (it would be read as another option)`);
  if (value.split('/').includes('..')) throw new UnsafeServeError(`${field}: refused: must not contain ".."`);
  return value;
}
