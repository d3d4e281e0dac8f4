import { z } from 'zod';
import { LABELS } from '../../../src/schema/index.ts';

/**
 * What the judge model must return (structured output). zod 4 + zodResponseFormat: `.nullable()`, never
 * `.optional()` or records. The label is a plain string in the wire schema so an out-of-taxonomy label reaches
 * us and is rejected with a clear reason by `JudgeOutput` below, rather than by an opaque SDK parse failure.
 */
export const JudgeWireOutput = z.object({
  label: z.string().describe(`One of: ${LABELS.join(', ')}.`),
  rationale: z.string().describe('One or two sentences.'),
  evidence_span: z.string().nullable().describe('A short exact quote from the user turn, or null.'),
});

/** The same object validated on receipt: label must be in taxonomy v1, lengths bounded. */
export const JudgeOutput = z.strictObject({
  label: z.enum(LABELS, { error: (i) => `label ${JSON.stringify(i.input)} is not in taxonomy v1` }),
  rationale: z.string().min(1, 'rationale is empty').max(4000),
  evidence_span: z.string().max(2000).nullable(),
});
export type JudgeOutput = z.infer<typeof JudgeOutput>;
