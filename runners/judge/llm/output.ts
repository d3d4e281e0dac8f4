import { z } from 'zod';
import { LABELS } from '../../../src/schema/index.ts';

const labelError = (i: { input?: unknown }) => `label ${JSON.stringify(i.input)} is not in taxonomy v1`;

const label = z.enum(LABELS, { error: labelError }).describe('The one label of taxonomy v1 that describes the user turn.');
const rationale = z.string().describe('One or two sentences.');
const evidenceSpan = z.string().nullable().describe('A short exact quote from the user turn, or null.');

/**
 * What the judge model must return (structured output). zod 4 + zodResponseFormat: `.nullable()`, never
 * `.optional()` or records. The label is an enum, so servers with constrained decoding (OpenAI structured outputs,
 * vLLM guided decoding) can only produce taxonomy labels; servers without it are caught on receipt.
 * judge-v1 asks for the label first.
 */
export const JudgeWireOutput = z.object({ label, rationale, evidence_span: evidenceSpan });

/**
 * judge-v2 asks for the rationale first: constrained decoding writes keys in schema order, so the model reasons
 * before it commits to a label instead of justifying a label already chosen.
 */
export const JudgeWireOutputRationaleFirst = z.object({ rationale, label, evidence_span: evidenceSpan });

export type OutputOrder = 'label_first' | 'rationale_first';

/** The wire schema for a prompt's output order, and the name that goes into the cache key. */
export function wireOutputFor(order: OutputOrder): { schema: typeof JudgeWireOutput | typeof JudgeWireOutputRationaleFirst; cacheName: string } {
  return order === 'rationale_first'
    ? { schema: JudgeWireOutputRationaleFirst, cacheName: 'userturn_verdict/2-rationale-first' }
    : { schema: JudgeWireOutput, cacheName: 'userturn_verdict/1' };
}

/** The same object validated on receipt (whatever the key order): label must be in taxonomy v1, lengths bounded. */
export const JudgeOutput = z.strictObject({
  label: z.enum(LABELS, { error: labelError }),
  rationale: z.string().min(1, 'rationale is empty').max(4000),
  evidence_span: z.string().max(2000).nullable(),
});
export type JudgeOutput = z.infer<typeof JudgeOutput>;
