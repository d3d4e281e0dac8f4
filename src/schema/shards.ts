import { z } from 'zod';
import { Slug } from './common.ts';
import { ItemScore, SampleId, TurnCut, Unfinished } from './sample.ts';
import { DatasetId } from './suite.ts';
import { LABELS } from './taxonomy.ts';
import { Verdict } from './verdict.ts';
import { bucketOf } from './shard-paths.ts';

// The paths live apart so the browser can import them without zod.
export * from './shard-paths.ts';

/**
 * The example browser's sample shards: the build splits results/<id>/samples/<dataset>.jsonl into
 * `data/samples/<model>/<dataset>-<n>.json` shards plus one `data/samples/<model>/<dataset>.json` manifest,
 * and the browser fetches them lazily. The build validates every file against these schemas before writing it, and the
 * loader's tests validate what it reads with them; the browser only checks the shape (src/lib/examples/check.ts).
 */

/** A sample as shipped to the browser: the item's shared text is stored once per item. */
export const ShardSample = z.strictObject({
  id: SampleId,
  condition: Slug,
  k: z.int().nonnegative().describe('The sample index within its condition.'),
  response: z.string().optional().describe('Present only when the assistant turn differs from the item\'s (perturbed conditions).'),
  user_turn: z.string(),
  finish_reason: z.string().nullable(),
  temperature: z.number().min(0).max(2),
  seed: z.int().nullable(),
  error: z.strictObject({ stage: z.enum(['assistant', 'user_turn']), reason: z.string().min(1) }).nullable(),
  verdicts: z.array(Verdict),
  unfinished: Unfinished.optional().describe('Suite v2: the item\'s assistant turn was unfinished; this record has no user turn.'),
  cut: TurnCut.pick({ marker: true, kind: true }).optional()
    .describe('Suite v2: where the runner cut the returned user turn (the removed text stays in the samples file).'),
});
export type ShardSample = z.infer<typeof ShardSample>;

export const ShardItem = z.strictObject({
  item_id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/),
  question: z.string(),
  response: z.string().describe('The item\'s unperturbed (greedy) answer when present.'),
  accuracy: ItemScore.nullable(),
  samples: z.array(ShardSample),
});
export type ShardItem = z.infer<typeof ShardItem>;

export const Shard = z.strictObject({ model: Slug, dataset: DatasetId, n: z.int().nonnegative(), items: z.array(ShardItem) });
export type Shard = z.infer<typeof Shard>;

/** One manifest line per shard: its items and the counts the browser uses to skip shards that cannot match. */
export const ManifestShard = z.strictObject({
  n: z.int().nonnegative(),
  items: z.array(z.string()),
  samples: z.int().nonnegative(),
  labels: z.partialRecord(z.enum([...LABELS, 'none']), z.int().nonnegative()).describe('Samples by primary label; "none" for no label.'),
  conditions: z.record(z.string(), z.int().nonnegative()),
});
export type ManifestShard = z.infer<typeof ManifestShard>;

export const Manifest = z.strictObject({ model: Slug, dataset: DatasetId, samples: z.int().nonnegative(), shards: z.array(ManifestShard) });
export type Manifest = z.infer<typeof Manifest>;

/** Sorted numbers, delta-encoded (first as is, then differences), in base 36, joined by commas: 0 2 4 13 → "0,2,2,9". */
const Postings = z.string().regex(/^(?:[0-9a-z]+(?:,[0-9a-z]+)*)?$/, 'expected base-36 numbers joined by commas');
/** One base-36 digit per sample: an index into a list of at most 36 names. */
const Codes = z.string().regex(/^[0-9a-z]*$/, 'expected one base-36 digit per sample');
const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * The search index of a dataset: a directory (`data/index/<dataset>/index.json`), facets files holding groups of
 * models (`facets-<g>.json`) and term files (`terms-<bucket>.json`, words by hash), so a query reads the directory, the
 * facets of the models it covers and only the term files of its own words.
 */
export const SearchDirectory = z.strictObject({
  v: z.literal(2),
  dataset: DatasetId,
  buckets: z.int().positive().describe('Number of term files (SearchTerms); a word is in bucketOf(word, buckets).'),
  models: z.array(Slug).describe('Every model with samples on the dataset; term files name a model by its position here, in base 36.'),
  groups: z.array(z.int().positive()).describe('Models per facets file, in order: facets-0.json holds the first groups[0] models, and so on.'),
}).refine((d) => sum(d.groups) === d.models.length, { message: 'groups must count every model', path: ['groups'] });
export type SearchDirectory = z.infer<typeof SearchDirectory>;

/**
 * The facets of one model × dataset: everything a query needs but the words. Samples are numbered 0… in shard order
 * (items in order, samples in order), so ordinal o is position o − Σ shards[<n] of shard n.
 */
export const ModelFacets = z.strictObject({
  model: Slug,
  shards: z.array(z.int().nonnegative()).describe('Samples per data shard, shard 0 first.'),
  items: z.array(z.int().nonnegative()).describe('Samples per item, in shard order (ordinals of item i are consecutive).'),
  conditions: z.array(z.string()).max(36).describe('Condition names; `condition` holds indices into it.'),
  labels: z.array(z.string()).max(36).describe('Primary labels ("none" = no label); `label` holds indices into it.'),
  condition: Codes.describe('Per sample: its index into `conditions`.'),
  label: Codes.describe('Per sample: its index into `labels`.'),
  disagree: Postings.describe('Samples whose judges disagree.'),
}).refine((m) => sum(m.shards) === m.condition.length && sum(m.items) === m.condition.length && m.label.length === m.condition.length,
  { message: 'shards, items, condition and label must count the same samples', path: ['condition'] });
export type ModelFacets = z.infer<typeof ModelFacets>;

/** One facets file: a group of consecutive models of the directory. */
export const SearchFacets = z.strictObject({
  v: z.literal(2),
  dataset: DatasetId,
  group: z.int().nonnegative(),
  models: z.array(ModelFacets),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

/** Model position (base 36, in SearchDirectory.models) → postings. */
const ByModel = z.record(z.string().regex(/^[0-9a-z]+$/, 'expected a model index in base 36'), Postings);

/**
 * One term file of a dataset: the postings of the words that hash into `bucket`, across every model. Postings and
 * codes are strings: JSON.parse reads them in one step and the browser decodes only the words a query names.
 */
export const SearchTerms = z.strictObject({
  v: z.literal(2),
  dataset: DatasetId,
  bucket: z.int().nonnegative(),
  buckets: z.int().positive(),
  tokens: z.record(z.string(), ByModel).describe('Word → model → samples whose generated user turn (or perturbed answer) holds it.'),
  item_tokens: z.record(z.string(), ByModel).describe('Word → model → items whose question or answer holds it.'),
}).refine((t) => t.bucket < t.buckets, { message: 'bucket must be below buckets', path: ['bucket'] })
  .refine((t) => [...Object.keys(t.tokens), ...Object.keys(t.item_tokens)].every((w) => bucketOf(w, t.buckets) === t.bucket),
    { message: 'every word must hash into this bucket (bucketOf)', path: ['tokens'] });
export type SearchTerms = z.infer<typeof SearchTerms>;
