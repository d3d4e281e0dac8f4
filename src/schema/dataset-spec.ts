import { z } from 'zod';
import { Sha256, WINDOWS_RESERVED_NAME } from './common.ts';

/**
 * A dataset id. Ids are open (the list of a suite version is its `datasets`), but every id becomes a file name
 * (`samples/<id>.jsonl`, `<data dir>/<id>/`) and a URL segment of the site, so it is a short lowercase slug: no dot,
 * slash or dash, hence no path traversal, and no Windows device name.
 */
export const DatasetId = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be 1–40 lowercase letters, digits or "_", starting with a letter')
  .refine((s) => !WINDOWS_RESERVED_NAME.test(s), 'must not be a name Windows reserves for a device (con, nul, aux, …)');
export type DatasetId = z.infer<typeof DatasetId>;

/** The file layouts the runner can parse (runners/datasets/parsers.ts), named after the set that defined each. */
export const DATASET_FORMATS = ['gsm8k', 'ifeval', 'fastchat', 'healthbench'] as const;
export const DatasetFormat = z
  .enum(DATASET_FORMATS)
  .describe(
    'Layout of the items file: gsm8k (JSONL question/answer ending "#### N"), ifeval (JSONL key/prompt/instruction_id_list/kwargs, as IFEval and IFBench), fastchat (FastChat question.jsonl with turns, optional reference_answer file), healthbench (JSONL prompt conversations).',
  );
export type DatasetFormat = z.infer<typeof DatasetFormat>;

/** The verifiers a dataset's `accuracy` can name. */
export const AccuracyKind = z.enum(['gsm8k', 'ifeval', 'ifbench']);
export type AccuracyKind = z.infer<typeof AccuracyKind>;

/**
 * Suites v1 and v2 were written before `source.format` existed: their parser was chosen by id. Those six ids keep
 * that layout when the field is absent, so the files stay valid and mean the same (no new suite version); any
 * other id must name its format.
 */
const FORMAT_BEFORE_FIELD: Readonly<Record<string, DatasetFormat>> = {
  gsm8k: 'gsm8k', ifeval: 'ifeval', ifbench: 'ifeval', mt_bench: 'fastchat', vicuna_bench: 'fastchat', healthbench: 'healthbench',
};

/** Which verifiers can score items of a layout (the layout must carry what the verifier reads). */
const ACCURACY_OF_FORMAT: Readonly<Record<DatasetFormat, readonly AccuracyKind[]>> = {
  gsm8k: ['gsm8k'], ifeval: ['ifeval', 'ifbench'], fastchat: [], healthbench: [],
};

export const DatasetSpec = z
  .strictObject({
    id: DatasetId,
    kind: z.enum(['math', 'instruction_following', 'conversation']),
    accuracy: AccuracyKind.nullable().describe('Verifier used for task accuracy; null for conversation sets (accuracy is null, not 0).'),
    items: z.int().positive().nullable().describe('Items in the full split (null when not fixed, e.g. a download-only subset).'),
    item_cap: z.int().positive().nullable().describe('Cap on items per run: a fixed seeded subset; null runs every item.'),
    subset_seed: z.int().nonnegative().describe('Seed of the subset draw when item_cap applies.'),
    split: z.string().min(1),
    license: z.string().min(1),
    download_only: z.boolean().default(false).describe('Fetched at run time only and never redistributed (e.g. HealthBench).'),
    enabled: z.boolean().default(true).describe('Whether the standard run includes this dataset.'),
    source: z.strictObject({
      repo: z.string().min(1).describe('Canonical source repository (provenance).'),
      format: DatasetFormat.optional().describe('Required except for the ids of suites v1/v2 (gsm8k, ifeval, ifbench, mt_bench, vicuna_bench, healthbench), whose layout it defaults to.'),
      files: z
        .array(
          z.strictObject({
            name: z.string().regex(/^[A-Za-z0-9._-]+$/).describe('File name inside the dataset folder of --data-dir.'),
            url: z.url({ protocol: /^https$/ }).describe('Canonical download URL.'),
            sha256: Sha256.nullable().describe('Expected checksum; null when not yet pinned (recorded on first download).'),
          }),
        )
        .min(1)
        .describe('The one place file names are written: the first file holds the items, a second (MT-Bench, Vicuna) the reference answers.'),
    }),
  })
  .superRefine((d, ctx) => {
    const format = d.source.format ?? FORMAT_BEFORE_FIELD[d.id];
    if (format === undefined) {
      ctx.addIssue({ code: 'custom', message: `required for dataset "${d.id}": the layout of its files (${DATASET_FORMATS.join(', ')})`, path: ['source', 'format'] });
    } else if (d.accuracy !== null && !ACCURACY_OF_FORMAT[format].includes(d.accuracy)) {
      ctx.addIssue({ code: 'custom', message: `"${d.accuracy}" cannot score items of the ${format} layout (${ACCURACY_OF_FORMAT[format].join(' or ') || 'null only'})`, path: ['accuracy'] });
    }
  });
export type DatasetSpec = z.infer<typeof DatasetSpec>;

/** The layout of a validated dataset entry: its `source.format`, or the layout its id had before the field. */
export const datasetFormat = (spec: Pick<DatasetSpec, 'id' | 'source'>): DatasetFormat => spec.source.format ?? FORMAT_BEFORE_FIELD[spec.id]!;
