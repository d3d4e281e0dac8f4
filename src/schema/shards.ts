import { z } from 'zod';
import { Slug } from './common.ts';
import { ItemScore, SampleId, TurnCut, Unfinished } from './sample.ts';
import { DatasetId } from './suite.ts';
import { LABELS } from './taxonomy.ts';
import { Verdict } from './verdict.ts';

/**
 * The example browser's sample shards: the build splits results/<id>/samples/<dataset>.jsonl into
 * `data/samples/<model>/<dataset>-<n>.json` shards plus one `data/samples/<model>/<dataset>.json` manifest,
 * and the browser fetches them lazily. Both sides validate against these schemas.
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

/** Folder of the shards, relative to the site root. */
export const SAMPLES_DIR = 'data/samples';

const enc = encodeURIComponent;
/** Path of a model × dataset manifest, relative to the site root (ids are URL-encoded). */
export const manifestPath = (model: string, dataset: string): string => `${SAMPLES_DIR}/${enc(model)}/${enc(dataset)}.json`;
/** Path of shard n of a model × dataset, relative to the site root (ids are URL-encoded). */
export const shardPath = (model: string, dataset: string, n: number): string => `${SAMPLES_DIR}/${enc(model)}/${enc(dataset)}-${n}.json`;

/** Item id of a sample id `<item>~<condition>~<k>`. */
export const itemOfSampleId = (id: string): string => id.split('~')[0] ?? id;
