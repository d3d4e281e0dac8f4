import { z } from 'zod';
import { Slug } from './common.ts';
import { DatasetId } from './suite.ts';
import { Verdict } from './verdict.ts';

export const SAMPLE_FORMAT = 1;

/** Outcome of one instruction check (IFEval / IFBench). */
export const InstructionOutcome = z.strictObject({
  id: z.string().min(1).describe('Instruction id, e.g. "punctuation:no_comma".'),
  strict: z.boolean(),
  loose: z.boolean(),
  reason: z.string().nullable().describe('Why the instruction was not followed (strict), when it was not.'),
});

/** Task-accuracy outcome for one item, from the verifier of its dataset. */
export const ItemScore = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('gsm8k'),
    correct: z.boolean(),
    extracted: z.string().nullable().describe('Final number extracted from the answer, if any.'),
    rule: z.string().describe('Which extraction rule matched (shown on the site).'),
    reference: z.string().describe('Reference final number.'),
  }),
  z.strictObject({
    kind: z.literal('instructions'),
    strict: z.boolean().describe('Prompt-level strict: every instruction followed.'),
    loose: z.boolean().describe('Prompt-level loose.'),
    instructions: z.array(InstructionOutcome),
  }),
]);
export type ItemScore = z.infer<typeof ItemScore>;

/** A stop marker the runner cut at itself because the engine returned text past it (suite v2). */
export const TurnCut = z.strictObject({
  marker: z.string().min(1).describe('The stop marker (end-of-turn token or role header) found in the returned text, or the visible rest of one whose special tokens the engine dropped.'),
  kind: z.enum(['marker', 'stop_remnant']).describe('marker: the whole marker was in the text; stop_remnant: the engine stopped on it but left its visible part at the end (TGI keeps stop text).'),
  raw_chars: z.int().nonnegative().describe('Length of the text as the engine returned it.'),
  removed: z.string().max(2000).describe('The text removed from the marker on, first 2,000 characters (for audit).'),
});
export type TurnCut = z.infer<typeof TurnCut>;

/** An assistant turn with no usable final answer: neither probed nor scored (suite v2), only counted. */
export const Unfinished = z.strictObject({
  reason: z.enum(['length', 'empty_answer']).describe('length: the assistant turn hit its token budget; empty_answer: nothing is left once reasoning is removed.'),
  raw_chars: z.int().nonnegative().describe('Length of the raw assistant text.'),
  raw_tail: z.string().max(2000).describe('The last 2,000 characters of the raw assistant text, reasoning included (for audit).'),
});
export type Unfinished = z.infer<typeof Unfinished>;

export const SampleId = z.string().regex(/^[A-Za-z0-9._~-]{1,200}$/, 'must be URL-safe: letters, digits, . _ ~ -');

/** One generated user turn with the context it was generated from. Lines of results/<id>/samples/<dataset>.jsonl. */
export const Sample = z.strictObject({
  format: z.literal(SAMPLE_FORMAT),
  id: SampleId.describe('Unique within the submission and dataset: <item>~<condition>~<k>; used in permalinks.'),
  submission_id: Slug,
  dataset: DatasetId,
  item_id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/),
  condition: Slug,
  sample_index: z.int().nonnegative(),
  question: z.string().describe('The user question q (untrusted text).'),
  response: z.string().describe('The assistant turn `a` exactly as placed in the user-turn context, after reasoning stripping and perturbation.'),
  assistant_finish_reason: z.string().nullable(),
  accuracy: ItemScore.nullable().describe('Verifier outcome on the unperturbed answer; null for conversation sets or before verifiers ran.'),
  user_turn: z.string().describe('The generated next user turn, raw (untrusted text).'),
  finish_reason: z.string().nullable().describe('Finish reason of the user-turn request ("stop", "length", …); null on error.'),
  seed: z.int().nullable(),
  temperature: z.number().min(0).max(2),
  top_p: z.number().gt(0).max(1),
  prompt_sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable().describe('Hash of the raw user-turn prompt sent to /v1/completions.'),
  timings: z.strictObject({
    assistant_ms: z.number().nonnegative().nullable(),
    user_turn_ms: z.number().nonnegative().nullable(),
  }),
  error: z
    .strictObject({ stage: z.enum(['assistant', 'user_turn']), reason: z.string().min(1) })
    .nullable()
    .describe('Request that failed after all retries; the sample is counted as an error and excluded from rates.'),
  verdicts: z.array(Verdict).describe('One verdict per judge of the panel; the primary judge first.'),
  unfinished: Unfinished.nullable()
    .optional()
    .describe('Suite v2: set on the one record of an item whose assistant turn is unfinished; such an item has no user turn, verdict or accuracy and is excluded from every rate.'),
  user_turn_cut: TurnCut.nullable().optional().describe('Suite v2: where the runner cut the returned user turn itself; null when the engine stopped in time.'),
  assistant_turn_cut: TurnCut.nullable().optional().describe('Suite v2: where the runner cut the returned assistant turn itself; null when the engine stopped in time.'),
});
export type Sample = z.infer<typeof Sample>;
