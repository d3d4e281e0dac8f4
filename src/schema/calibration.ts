import { z } from 'zod';
import { Sha256 } from './common.ts';
import { DatasetId } from './suite.ts';
import { Label } from './taxonomy.ts';
import { JudgeStamp } from './verdict.ts';

export const CALIBRATION_FORMAT = 1;

const Fraction = z.number().min(0).max(1);

/** One judge scored on one labelled set (rows of `confusion` = true label, columns = judge label, taxonomy order). */
export const CalibrationSetScore = z.strictObject({
  id: z.string().regex(/^[a-z0-9_-]+$/).describe('Set id, e.g. "calibration" or "mt_bench_second_turns".'),
  title: z.string().min(1),
  description: z.string().min(1).describe('What the set is and who labelled it (shown on the site).'),
  n: z.int().nonnegative().describe('Items scored.'),
  judge_errors: z.int().nonnegative().describe('Items the judge could not label (left out of every figure).'),
  accuracy: Fraction,
  macro_f1: Fraction.nullable().describe('Macro-F1 over the labels present in the set; null for a one-label set, where recall is the figure.'),
  per_label: z.array(z.strictObject({ label: Label, precision: Fraction, recall: Fraction, f1: Fraction, support: z.int().nonnegative() })),
  confusion: z.array(z.array(z.int().nonnegative())),
  items_sha256: Sha256.describe('Hash of the labelled items, so a changed set is visible.'),
});
export type CalibrationSetScore = z.infer<typeof CalibrationSetScore>;

/** A rate over control items with its Wilson interval (controls are one sample per item). */
export const ControlRate = z.strictObject({
  n: z.int().nonnegative().describe('Control items the judge labelled (judge errors left out).'),
  hits: z.int().nonnegative(),
  rate: Fraction,
  lo: Fraction.describe('Wilson interval, lower end.'),
  hi: Fraction.describe('Wilson interval, upper end.'),
});
export type ControlRate = z.infer<typeof ControlRate>;

/** One judge on the suite's judge controls (docs/judges.md "Controls"). */
export const JudgeControlsScore = z.strictObject({
  suite_id: z.string().min(1),
  suite_version: z.int().positive().describe('Suite whose judge_controls built the items.'),
  seed: z.int().nonnegative(),
  confidence: z.number().gt(0.5).lt(1),
  items_sha256: Sha256.describe('Hash of the control items, so a changed control set is visible.'),
  judge_errors: z.int().nonnegative(),
  false_genuine: ControlRate.describe('Negative control: share labelled genuine_followup (lower is better).'),
  positive_recall: ControlRate.describe('Positive control: share labelled genuine_followup (higher is better).'),
  negative_by_dataset: z.array(
    z.strictObject({
      dataset: DatasetId,
      false_genuine: ControlRate,
      other_item: ControlRate.describe('False-genuine rate on the other-item turns alone.'),
      restatement: ControlRate.describe('False-genuine rate on the restated turns alone.'),
      gold_accuracy: Fraction.describe('Share given exactly the gold label (new_unrelated_query / prompt_restatement).'),
    }),
  ),
});
export type JudgeControlsScore = z.infer<typeof JudgeControlsScore>;

/** <results>/calibration.json: how each judge scores on labelled user turns. Written by `userturn calibrate`. */
export const CalibrationReport = z.strictObject({
  format: z.literal(CALIBRATION_FORMAT),
  taxonomy_version: z.int().positive(),
  judges: z
    .array(
      z.strictObject({
        judge: JudgeStamp,
        sets: z.array(CalibrationSetScore),
        controls: JudgeControlsScore.optional().describe('The judge on the suite\'s judge controls; absent in reports written before controls existed.'),
      }),
    )
    .min(1),
});
export type CalibrationReport = z.infer<typeof CalibrationReport>;
