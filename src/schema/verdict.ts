import { z } from 'zod';
import { Label } from './taxonomy.ts';

/** Who produced a verdict: stamped on every verdict so a label can always be traced to its judge and prompt. */
export const JudgeStamp = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9._:\/-]{1,120}$/).describe('Stable judge id, e.g. "heuristic@1" or "llm:gpt-5.4-mini@judge-v1".'),
  kind: z.enum(['heuristic', 'llm']),
  model: z.string().nullable().describe('Judge model name for LLM judges; null for the heuristic judge.'),
  prompt_version: z.string().min(1).describe('Judge prompt version (LLM) or rule-set version (heuristic).'),
  temperature: z.number().min(0).max(2).nullable(),
  max_tokens: z.int().positive().nullable(),
});
export type JudgeStamp = z.infer<typeof JudgeStamp>;

/** One judge's decision on one user turn: a label, or a recorded failure (never silently mapped to a label). */
export const Verdict = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('label'),
    label: Label,
    rationale: z.string().max(4000).describe('Short reason for the label.'),
    evidence_span: z.string().max(2000).nullable().describe('Quoted span of the user turn that supports the label, when given.'),
    rule: z.string().max(200).nullable().describe('Heuristic rule that fired; null for LLM judges.'),
    judge: z.string().describe('JudgeStamp.id of the judge.'),
  }),
  z.strictObject({
    kind: z.literal('judge_error'),
    reason: z.string().min(1).max(4000).describe('Why no label could be obtained (unparseable, refusal, timeout, …).'),
    judge: z.string().describe('JudgeStamp.id of the judge.'),
  }),
]);
export type Verdict = z.infer<typeof Verdict>;
