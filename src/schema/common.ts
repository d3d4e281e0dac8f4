import { z } from 'zod';

/** Lowercase slug used for submission ids, families and orgs: no path separators, no leading dot. */
export const Slug = z
  .string()
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be lowercase letters, digits, ".", "_" or "-", starting with a letter or digit')
  .refine((s) => !s.includes('..'), 'must not contain ".."');

/** Names Windows reserves for devices: a file or folder with such a name cannot be checked out there. */
export const WINDOWS_RESERVED_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/** A Hugging Face repo id, `owner/name`. */
export const HfRepo = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a Hugging Face repo id like "Qwen/Qwen3.5-9B"')
  .refine((s) => !s.includes('..'), 'must not contain ".."');

export { isPinnedRevision, Revision, revisionProblem } from './revision.ts';

/** An ISO-8601 timestamp with offset. */
export const Timestamp = z.iso.datetime({ offset: true });

/** A proportion with its 95% confidence interval. `value` is null when nothing was measured (never 0 by default). */
export const Estimate = z.strictObject({
  value: z.number().min(0).max(1).describe('Point estimate, a fraction from 0 to 1.'),
  lo: z.number().min(0).max(1).describe('Lower bound of the 95% bootstrap CI.'),
  hi: z.number().min(0).max(1).describe('Upper bound of the 95% bootstrap CI.'),
  n: z.int().nonnegative().describe('Number of resampling units (items) behind the estimate.'),
});
export type Estimate = z.infer<typeof Estimate>;

/** A signed difference (e.g. a perturbation delta) with its paired-bootstrap CI. */
export const Delta = z.strictObject({
  value: z.number().min(-1).max(1),
  lo: z.number().min(-1).max(1),
  hi: z.number().min(-1).max(1),
  n: z.int().nonnegative().describe('Number of paired items.'),
});
export type Delta = z.infer<typeof Delta>;

/** Hex sha-256 digest. */
export const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'must be a hex sha-256 digest');
