import { z } from 'zod';
import { PlainText } from './text.ts';
import { Label } from './taxonomy.ts';

/** Who produced a verdict: stamped on every verdict so a label can always be traced to its judge and prompt. */
export const JudgeStamp = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9._:\/-]{1,120}$/).describe('Stable judge id, e.g. "heuristic@1" or "llm:gpt-5.4-mini@judge-v1".'),
  kind: z.enum(['heuristic', 'llm']),
  model: PlainText(200).nullable().describe('Judge model name for LLM judges; null for the heuristic judge.'),
  prompt_version: PlainText(100).min(1).describe('Judge prompt version (LLM) or rule-set version (heuristic).'),
  temperature: z.number().min(0).max(2).nullable(),
  max_tokens: z.int().positive().nullable(),
});
export type JudgeStamp = z.infer<typeof JudgeStamp>;

/**
 * A field the judge saw shortened (LLM judges shorten runaway fields to fit their context; see the judge prompt's
 * `field_limit`). Recorded on the verdict so a shortened input is never silent.
 */
export const ShortenedField = z.strictObject({
  field: z.enum(['question', 'response', 'user_turn']).describe('Judge input field that was shortened.'),
  original_chars: z.int().min(0).describe('Length of the field before shortening (UTF-16 code units).'),
  kept_chars: z.int().min(0).describe('Characters of the original text the judge saw (the omission marker not counted).'),
});
export type ShortenedField = z.infer<typeof ShortenedField>;

const shortened = z
  .array(ShortenedField)
  .max(3)
  .optional()
  .describe('Fields shortened before the judge saw them; absent when nothing was shortened (and on verdicts written before this field existed).');

/** One judge's decision on one user turn: a label, or a recorded failure (never silently mapped to a label). */
export const Verdict = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('label'),
    label: Label,
    rationale: z.string().max(4000).describe('Short reason for the label.'),
    evidence_span: z.string().max(2000).nullable().describe('Quoted span of the user turn that supports the label, when given.'),
    rule: z.string().max(200).nullable().describe('Heuristic rule that fired; null for LLM judges.'),
    judge: z.string().describe('JudgeStamp.id of the judge.'),
    shortened,
  }),
  z.strictObject({
    kind: z.literal('judge_error'),
    reason: z.string().min(1).max(4000).describe('Why no label could be obtained (unparseable, refusal, timeout, …).'),
    judge: z.string().describe('JudgeStamp.id of the judge.'),
    shortened,
  }),
]);
export type Verdict = z.infer<typeof Verdict>;
