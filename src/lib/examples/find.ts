/** Loading one sample, or one item's samples, through the manifest that says which shard holds the item. */
import { itemOfSampleId, type ShardItem } from '../../schema/shards.ts';
import type { ShardLoader } from './loader.ts';
import type { Hit } from './scan.ts';

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
  return it && s ? { ok: true, value: { item: it, sample: s } } : { ok: false, message: `Example ${id} was not found.` };
}

/** An item's samples of one condition ("" = all), or item null when the model has no such item; rejects when a shard fails. */
export async function itemSamples(load: ShardLoader, model: string, dataset: string, item: string, condition: string): Promise<{ item: ShardItem | null; hits: Hit[] }> {
  const man = await load.manifest(model, dataset);
  const entry = man?.shards.find((s) => s.items.includes(item));
  if (!entry) return { item: null, hits: [] };
  const it = (await load.shard(model, dataset, entry.n)).items.find((x) => x.item_id === item) ?? null;
  return { item: it, hits: it ? it.samples.filter((s) => !condition || s.condition === condition).map((s) => ({ item: it, sample: s })) : [] };
}

export interface Comparison { item: string; a: string; b: string; condition: string; question: string; left: Hit[]; right: Hit[] }

/** Both models' samples of an item; `name` gives a model's display name and `dsName` the dataset's for messages. */
export async function loadComparison(
  load: ShardLoader, dataset: string, item: string, a: string, b: string, condition: string,
  name: (model: string) => string, dsName: string,
): Promise<Found<Comparison>> {
  let l: Awaited<ReturnType<typeof itemSamples>>; let r: typeof l;
  try { [l, r] = await Promise.all([itemSamples(load, a, dataset, item, condition), itemSamples(load, b, dataset, item, condition)]); } catch (e) {
    return { ok: false, message: `Could not load the samples: ${(e as Error).message}` };
  }
  if (!l.item || !r.item) return { ok: false, message: `Item ${item} is not available for ${!l.item ? name(a) : name(b)} on ${dsName}.` };
  return { ok: true, value: { item, a, b, condition, question: l.item.question, left: l.hits, right: r.hits } };
}
