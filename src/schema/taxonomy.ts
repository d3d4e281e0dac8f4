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

/** A taxonomy file (benchmark/taxonomy/v<N>.yaml): what each label means, for the judge prompts and the site. */
export const TaxonomyFile = z.strictObject({
  format: z.literal(1),
  version: z.int().positive(),
  labels: z.strictObject(
    Object.fromEntries(LABELS.map((l) => [l, z.strictObject({ definition: z.string().min(1).describe('One sentence, as the judge reads it.') })])) as Record<
      Label,
      z.ZodObject<{ definition: z.ZodString }, z.core.$strict>
    >,
  ),
});
export type TaxonomyFile = z.infer<typeof TaxonomyFile>;
