/** Builds the search index of one model × dataset from its shards (pure). The format is SearchIndex in src/schema/shards.ts. */
import { LABELS } from '../../schema/ids.ts';
import type { SearchIndex, ShardItem } from '../../schema/shards.ts';
import { judgesDisagree } from './disagree.ts';
import { tokenize } from './search.ts';
import { primaryLabel } from './shards.ts';

/** Sorted ordinals → first value, then differences, in base 36, joined by commas (the Postings format). */
export function encodePostings(sorted: readonly number[]): string {
  return sorted.map((v, i) => (i === 0 ? v : v - sorted[i - 1]!).toString(36)).join(',');
}

function post(map: Map<string, number[]>, tokens: readonly string[], ordinal: number): void {
  for (const t of tokens) {
    const list = map.get(t);
    if (list) list.push(ordinal); else map.set(t, [ordinal]);
  }
}

/** Postings as a plain object, keys sorted so the file is deterministic. */
function encoded(map: Map<string, number[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of [...map.keys()].sort()) out[t] = encodePostings(map.get(t)!);
  return out;
}

export function buildIndex(model: string, dataset: SearchIndex['dataset'], shards: readonly (readonly ShardItem[])[]): SearchIndex {
  const labels = [...LABELS, 'none'];
  const conditions: string[] = [];
  const ix: SearchIndex = { v: 1, model, dataset, shards: [], items: [], conditions, labels, condition: '', label: '', disagree: '', tokens: {}, item_tokens: {} };
  const condition: string[] = [];
  const label: string[] = [];
  const sampleTok = new Map<string, number[]>();
  const itemTok = new Map<string, number[]>();
  const disagree: number[] = [];
  let ordinal = 0;
  for (const items of shards) {
    ix.shards.push(items.reduce((s, it) => s + it.samples.length, 0));
    for (const it of items) {
      post(itemTok, tokenize(`${it.question}\n${it.response}`), ix.items.length);
      ix.items.push(it.samples.length);
      for (const s of it.samples) {
        let c = conditions.indexOf(s.condition);
        if (c < 0) c = conditions.push(s.condition) - 1;
        condition.push(c.toString(36));
        label.push(labels.indexOf(primaryLabel(s) ?? 'none').toString(36));
        if (judgesDisagree(s)) disagree.push(ordinal);
        post(sampleTok, tokenize(s.response === undefined ? s.user_turn : `${s.user_turn}\n${s.response}`), ordinal);
        ordinal++;
      }
    }
  }
  ix.condition = condition.join('');
  ix.label = label.join('');
  ix.disagree = encodePostings(disagree);
  ix.tokens = encoded(sampleTok);
  ix.item_tokens = encoded(itemTok);
  return ix;
}
