/** The example list (pure but for the injected loader): one page of matches across models, grouped by item. */
import type { ShardItem, ShardSample } from '../../schema/shards.ts';
import type { ModelIndex } from '../site/search.ts';
import { locate } from './evaluate.ts';
import type { ShardLoader } from './loader.ts';

export const PAGE_SIZE = 20;

export interface Hit { model: string; item: ShardItem; sample: ShardSample }
/** The matches of one model: its index and the sorted ordinals that matched. */
export interface ModelMatches { model: string; ix: ModelIndex; ordinals: number[] }

/** Consecutive hits of one model's item share one question block. */
export function groupHits(hits: readonly Hit[]): Array<{ key: string; model: string; item: ShardItem; hits: Hit[] }> {
  const out: Array<{ key: string; model: string; item: ShardItem; hits: Hit[] }> = [];
  for (const h of hits) {
    const last = out[out.length - 1];
    if (last && last.model === h.model && last.item.item_id === h.item.item_id) last.hits.push(h);
    else out.push({ key: `${h.model}/${h.sample.id}`, model: h.model, item: h.item, hits: [h] });
  }
  return out;
}

/** The first `count` matches, models in the given order; loads the shards they live in (in parallel, through the loader's pool). */
export async function firstHits(load: ShardLoader, dataset: string, ready: readonly ModelMatches[], count: number): Promise<Hit[]> {
  const refs: Array<{ model: string; n: number; pos: number }> = [];
  for (const r of ready) for (const o of r.ordinals) {
    if (refs.length >= count) break;
    refs.push({ model: r.model, ...locate(r.ix, o) });
  }
  const flat = new Map<string, Promise<Array<{ item: ShardItem; sample: ShardSample }>>>();
  for (const { model, n } of refs) {
    const key = `${model}/${n}`;
    if (!flat.has(key)) flat.set(key, load.shard(model, dataset, n).then((sh) => sh.items.flatMap((item) => item.samples.map((sample) => ({ item, sample })))));
  }
  return Promise.all(refs.map(async ({ model, n, pos }) => {
    const s = (await flat.get(`${model}/${n}`)!)[pos];
    if (!s) throw new Error(`shard ${n} of ${model} does not match its search index`);
    return { model, ...s };
  }));
}
