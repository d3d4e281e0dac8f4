import { z } from 'zod';
import { LABELS } from '../../../src/schema/index.ts';

const labelError = (i: { input?: unknown }) => `label ${JSON.stringify(i.input)} is not in taxonomy v1`;

/**
 * What the judge model must return (structured output). zod 4 + zodResponseFormat: `.nullable()`, never
 * `.optional()` or records. The label is an enum, so servers with constrained decoding (OpenAI structured outputs,
 * vLLM guided decoding) can only produce taxonomy labels; servers without it are caught on receipt.
 */
export const JudgeWireOutput = z.object({
  label: z.enum(LABELS, { error: labelError }).describe('The one label of taxonomy v1 that describes the user turn.'),
  rationale: z.string().describe('One or two sentences.'),
  evidence_span: z.string().nullable().describe('A short exact quote from the user turn, or null.'),
});

/** The same object validated on receipt: label must be in taxonomy v1, lengths bounded. */
export const JudgeOutput = z.strictObject({
  label: z.enum(LABELS, { error: labelError }),
  rationale: z.string().min(1, 'rationale is empty').max(4000),
  evidence_span: z.string().max(2000).nullable(),
});
export type JudgeOutput = z.infer<typeof JudgeOutput>;
