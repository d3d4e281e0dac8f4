/** Loading one sample, or one item's samples, through the manifest that says which shard holds the item. */
import { itemOfSampleId } from '../../schema/shard-paths.ts';
import type { ShardItem } from '../../schema/shards.ts';
import type { ShardLoader } from './loader.ts';
import type { Hit } from './hits.ts';

export type Found<T> = { ok: true; value: T } | { ok: false; message: string };

/** The sample of a permalink; `where` ("for <model> on <dataset>") completes the not-found message. */
export async function findSample(load: ShardLoader, model: string, dataset: string, id: string, where: string): Promise<Found<Hit>> {
  const man = await load.manifest(model, dataset);
  const item = itemOfSampleId(id);
  const entry = man?.shards.find((s) => s.items.includes(item));
  if (!entry) return { ok: false, message: `Example ${id} was not found ${where}.` };
  let items: ShardItem[];
  try { items = (await load.shard(model, dataset, entry.n)).items; } catch (e) { return { ok: false, message: `Could not load shard ${entry.n}: ${(e as Error).message}` }; }
  const it = items.find((x) => x.item_id === item);
  const s = it?.samples.find((x) => x.id === id);
  return it && s ? { ok: true, value: { model, item: it, sample: s } } : { ok: false, message: `Example ${id} was not found.` };
}

/** An item's samples of one condition ("" = all), or item null when the model has no such item; rejects when a shard fails. */
export async function itemSamples(load: ShardLoader, model: string, dataset: string, item: string, condition: string): Promise<{ item: ShardItem | null; hits: Hit[] }> {
  const man = await load.manifest(model, dataset);
  const entry = man?.shards.find((s) => s.items.includes(item));
  if (!entry) return { item: null, hits: [] };
  const it = (await load.shard(model, dataset, entry.n)).items.find((x) => x.item_id === item) ?? null;
  return { item: it, hits: it ? it.samples.filter((s) => !condition || s.condition === condition).map((s) => ({ model, item: it, sample: s })) : [] };
}

export interface Comparison { item: string; condition: string; question: string; columns: Array<{ model: string; hits: Hit[] }>; missing: string[] }

/** Every model's samples of an item; `name` gives a model's display name and `dsName` the dataset's for messages. */
export async function loadComparison(
  load: ShardLoader, dataset: string, item: string, models: readonly string[], condition: string,
  name: (model: string) => string, dsName: string,
): Promise<Found<Comparison>> {
  let cols: Array<Awaited<ReturnType<typeof itemSamples>>>;
  try { cols = await Promise.all(models.map((m) => itemSamples(load, m, dataset, item, condition))); } catch (e) {
    return { ok: false, message: `Could not load the samples: ${(e as Error).message}` };
  }
  const missing = models.filter((_, i) => !cols[i]!.item);
  if (missing.length === models.length || models.length === 0) return { ok: false, message: `Item ${item} is not available for ${models.map(name).join(', ') || 'these models'} on ${dsName}.` };
  const question = cols.find((c) => c.item)!.item!.question;
  // Models without the item get no column (a crafted or outdated link); the page names them.
  const columns = models.flatMap((model, i) => (cols[i]!.item ? [{ model, hits: cols[i]!.hits }] : []));
  return { ok: true, value: { item, condition, question, columns, missing } };
}
