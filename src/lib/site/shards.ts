/** Sample shards: how samples are split for the example browser (pure). The format is src/schema/shards.ts. */
import type { Label, Sample } from '../../schema/index.ts';
import type { ManifestShard, ShardItem } from '../../schema/shards.ts';
import { BASELINE_CONDITION } from '../../schema/ids.ts';

/** Target number of samples per shard (items are never split across shards). */
export const SHARD_TARGET_SAMPLES = 100;

/** The primary judge's label of a sample, or null (request error or judge error). */
export function primaryLabel(s: { verdicts: Sample['verdicts'] }): Label | null {
  const v = s.verdicts[0];
  return v && v.kind === 'label' ? v.label : null;
}

/** Group samples (any order) by item, keeping first-seen item order and sample order by condition then k. */
export function groupByItem(samples: readonly Sample[], conditionOrder: readonly string[]): ShardItem[] {
  const byItem = new Map<string, ShardItem>();
  const rank = (c: string) => { const i = conditionOrder.indexOf(c); return i < 0 ? 1e6 : i; };
  // The item's own answer is the greedy (unperturbed) one when present.
  for (const s of samples) {
    let it = byItem.get(s.item_id);
    if (!it) { it = { item_id: s.item_id, question: s.question, response: s.response, accuracy: s.accuracy, samples: [] }; byItem.set(s.item_id, it); }
    if (s.condition === BASELINE_CONDITION) it.response = s.response;
  }
  for (const s of samples) {
    const it = byItem.get(s.item_id)!;
    it.samples.push({
      id: s.id, condition: s.condition, k: s.sample_index, user_turn: s.user_turn, finish_reason: s.finish_reason,
      temperature: s.temperature, seed: s.seed, error: s.error, verdicts: s.verdicts,
      ...(s.response !== it.response ? { response: s.response } : {}),
      ...(s.unfinished ? { unfinished: s.unfinished } : {}),
      ...(s.user_turn_cut ? { cut: { marker: s.user_turn_cut.marker, kind: s.user_turn_cut.kind } } : {}),
    });
  }
  for (const it of byItem.values()) it.samples.sort((a, b) => rank(a.condition) - rank(b.condition) || a.condition.localeCompare(b.condition) || a.k - b.k);
  return [...byItem.values()];
}

/** Split items into shards of about SHARD_TARGET_SAMPLES samples. */
export function splitShards(items: readonly ShardItem[], target = SHARD_TARGET_SAMPLES): ShardItem[][] {
  const out: ShardItem[][] = [];
  let cur: ShardItem[] = [];
  let count = 0;
  for (const it of items) {
    if (cur.length > 0 && count + it.samples.length > target) { out.push(cur); cur = []; count = 0; }
    cur.push(it);
    count += it.samples.length;
  }
  if (cur.length) out.push(cur);
  return out;
}

export function manifestEntry(n: number, items: readonly ShardItem[]): ManifestShard {
  const labels: ManifestShard['labels'] = {};
  const conditions: Record<string, number> = {};
  let samples = 0;
  for (const it of items) for (const s of it.samples) {
    samples++;
    const l = primaryLabel(s) ?? 'none';
    labels[l] = (labels[l] ?? 0) + 1;
    conditions[s.condition] = (conditions[s.condition] ?? 0) + 1;
  }
  return { n, items: items.map((i) => i.item_id), samples, labels, conditions };
}
