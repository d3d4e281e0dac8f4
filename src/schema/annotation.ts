import { z } from 'zod';
import { Sha256, Slug, Timestamp } from './common.ts';
import { DatasetId } from './suite.ts';
import { Label } from './taxonomy.ts';
import { JudgeStamp } from './verdict.ts';

/**
 * Human annotation rounds (docs/judges.md, "Human annotation rounds"):
 *   `userturn annotate sample` → batch JSONL (blinded) → the /annotate/ page → labels JSONL per annotator
 *   → `userturn calibrate --human` → results/calibration/human-<batch>.json (shown on the judges page).
 */
export const ANNOTATION_FORMAT = 1;

/** A label an annotator can give: a taxonomy label, or "unsure" (kept, but left out of every figure). */
export const HumanLabel = z.union([Label, z.literal('unsure')], {
  // zod's own message for a failed union is "Invalid input": say which value and which labels are allowed.
  error: (iss) => `${JSON.stringify(iss.input)} is not a label of taxonomy v1 (${Label.options.join(', ')}) nor "unsure"`,
});
export type HumanLabel = z.infer<typeof HumanLabel>;

export const BatchItemId = z.string().regex(/^i[0-9]{3,6}$/, 'must look like "i001"');

/** One stratum of the sample: how many stored user turns it held and how many were drawn. */
export const BatchStratum = z.strictObject({
  dataset: DatasetId,
  condition: Slug,
  label: z.union([Label, z.literal('judge_error')]).describe("The primary judge's label of the stored turns in the stratum."),
  family: Slug,
  size: z.int().positive().describe('Stored user turns in the stratum.'),
  drawn: z.int().nonnegative(),
});

/** Line 1 of a batch file: how it was drawn, so anyone can redraw it from the same results. */
export const BatchHeader = z.strictObject({
  kind: z.literal('batch'),
  format: z.literal(ANNOTATION_FORMAT),
  taxonomy_version: z.int().positive(),
  batch_sha256: Sha256.describe('sha-256 of the item lines (canonical JSON, one per line, in file order): the batch hash every labels file must carry.'),
  seed: z.int().nonnegative(),
  n: z.int().positive().describe('Items in the batch.'),
  floor: z.int().nonnegative().describe('Minimum items per stratum (fewer when the stratum is smaller).'),
  floor_met: z.boolean().describe('False when n was too small to give every stratum its floor (rarest labels were served first).'),
  strata_keys: z.array(z.enum(['dataset', 'condition', 'label', 'family'])),
  strata: z.array(BatchStratum),
  sources: z
    .array(z.strictObject({ submission_id: Slug, summary_sha256: Sha256, samples_sha256: z.record(z.string(), Sha256) }))
    .min(1)
    .describe('The results the batch was drawn from, with the hashes of their files.'),
  primary_judge_ids: z.array(z.string()).describe('Primary judges of the sources (the label stratum); never shown to annotators.'),
});
export type BatchHeader = z.infer<typeof BatchHeader>;

/** Item lines of a batch file: blinded (no model, no judge label), shuffled. */
export const BatchItem = z.strictObject({
  kind: z.literal('item'),
  id: BatchItemId,
  ref: Sha256.describe('sha-256 of "submission_id\\u0000dataset\\u0000sample_id": finds the stored sample again without naming the model.'),
  dataset: DatasetId,
  question: z.string(),
  response: z.string(),
  user_turn: z.string(),
});
export type BatchItem = z.infer<typeof BatchItem>;

/** Line 1 of a labels file, written by the /annotate/ page. */
export const LabelsHeader = z.strictObject({
  kind: z.literal('labels'),
  format: z.literal(ANNOTATION_FORMAT),
  annotator: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1–64 letters, digits, ".", "_" or "-"'),
  taxonomy_version: z.int().positive(),
  batch_sha256: Sha256,
  exported_at: Timestamp,
});
export type LabelsHeader = z.infer<typeof LabelsHeader>;

/** One label line; items the annotator skipped have no line. */
export const LabelLine = z.strictObject({
  kind: z.literal('label'),
  item: BatchItemId,
  label: HumanLabel,
  note: z.string().max(2000).describe('Free-text note (may be empty).'),
});
export type LabelLine = z.infer<typeof LabelLine>;

const Fraction = z.number().min(0).max(1);

/** Cohen's or Fleiss' kappa with a 95% bootstrap interval over items; null parts when kappa is undefined (one label only). */
export const KappaEstimate = z.strictObject({
  n: z.int().nonnegative().describe('Items behind the figure.'),
  kappa: z.number().min(-1).max(1).nullable(),
  lo: z.number().min(-1).max(1).nullable(),
  hi: z.number().min(-1).max(1).nullable(),
  percent: Fraction.nullable().describe('Raw agreement.'),
});
export type KappaEstimate = z.infer<typeof KappaEstimate>;

/** results/calibration/human-<batch12>.json: judge–human agreement on one annotated batch. */
export const HumanAgreementReport = z.strictObject({
  kind: z.literal('human-agreement'),
  format: z.literal(ANNOTATION_FORMAT),
  taxonomy_version: z.int().positive(),
  batch: z.strictObject({ sha256: Sha256, n_items: z.int().positive(), seed: z.int().nonnegative() }),
  date: z.iso.date().describe('Day of the last label export (the annotation date).'),
  bootstrap: z.strictObject({ replicates: z.int().positive(), seed: z.int().nonnegative() }),
  annotators: z.array(z.strictObject({ id: z.string(), labelled: z.int().nonnegative(), unsure: z.int().nonnegative(), skipped: z.int().nonnegative() })).min(1),
  inter_annotator: z
    .strictObject({
      fleiss: KappaEstimate.describe("Fleiss' kappa over items every annotator labelled."),
      pairs: z.array(KappaEstimate.extend({ a: z.string(), b: z.string() })).describe("Cohen's kappa per pair of annotators, over items both labelled."),
    })
    .nullable()
    .describe('Null with one annotator.'),
  majority: z.strictObject({
    items: z.int().nonnegative().describe('Items with a human majority label (a strict plurality among annotators who gave a label).'),
    ties: z.int().nonnegative().describe('Items left for adjudication: tied labels.'),
    unlabelled: z.int().nonnegative().describe('Items nobody labelled (skipped or unsure).'),
  }),
  judges: z.array(
    z.strictObject({
      judge: JudgeStamp,
      n: z.int().nonnegative().describe('Items with both a human majority label and a label from this judge.'),
      judge_errors: z.int().nonnegative(),
      missing: z.int().nonnegative().describe('Majority-labelled items this judge has no verdict on.'),
      kappa: KappaEstimate,
      per_label: z.array(z.strictObject({ label: Label, precision: Fraction, recall: Fraction, f1: Fraction, support: z.int().nonnegative() })),
      confusion: z.array(z.array(z.int().nonnegative())).describe('Rows: human majority label; columns: judge label; taxonomy order.'),
    }),
  ),
});
export type HumanAgreementReport = z.infer<typeof HumanAgreementReport>;
