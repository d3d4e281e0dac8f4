import { z } from 'zod';
import { LABELS } from './ids.ts';

/** Label taxonomy v1 (PROBE.md). One label per generated user turn; the headline metric counts only `genuine_followup`. */
export const TAXONOMY_VERSION = 1;

export { LABELS };

export const Label = z.enum(LABELS).describe('A label of taxonomy v1.');
export type Label = z.infer<typeof Label>;

/** A count for every label; all keys are always present so consumers never guess a missing key. */
export const LabelCounts = z.strictObject(
  Object.fromEntries(LABELS.map((l) => [l, z.int().nonnegative()])) as Record<Label, z.ZodInt>,
);
export type LabelCounts = z.infer<typeof LabelCounts>;
