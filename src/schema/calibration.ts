import { z } from 'zod';
import { Sha256 } from './common.ts';
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

/** <results>/calibration.json: how each judge scores on labelled user turns. Written by `userturn calibrate`. */
export const CalibrationReport = z.strictObject({
  format: z.literal(CALIBRATION_FORMAT),
  taxonomy_version: z.int().positive(),
  judges: z.array(z.strictObject({ judge: JudgeStamp, sets: z.array(CalibrationSetScore) })).min(1),
});
export type CalibrationReport = z.infer<typeof CalibrationReport>;
