/**
 * Builds the search index (pure): one ModelIndex per model × dataset from its shards, then per dataset a directory,
 * facets files of doubling groups of models and the term files, words spread over buckets by hash (formats:
 * SearchDirectory, SearchFacets, SearchTerms in src/schema/shards.ts).
 */
import { LABELS } from '../../schema/ids.ts';
import { bucketOf } from '../../schema/shard-paths.ts';
import type { SearchDirectory, SearchFacets, SearchTerms, ShardItem } from '../../schema/shards.ts';
import { judgesDisagree } from './disagree.ts';
import { tokenize, type ModelIndex } from './search.ts';
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

export function buildIndex(model: string, dataset: string, shards: readonly (readonly ShardItem[])[]): ModelIndex {
  const labels = [...LABELS, 'none'];
  const conditions: string[] = [];
  const ix: ModelIndex = { model, dataset, shards: [], items: [], conditions, labels, condition: '', label: '', disagree: '', tokens: {}, item_tokens: {} };
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

/** Raw bytes of postings per term file the bucket count aims at: a query fetches a few files of this order. */
export const BUCKET_BYTES = 64 * 1024;
const MAX_BUCKETS = 4096;

/** The bucket count for `bytes` of postings: a power of two, so doubling it splits every term file in two (hash mod 2n). */
export function bucketCount(bytes: number): number {
  let b = 1;
  while (b < MAX_BUCKETS && bytes / b > BUCKET_BYTES) b *= 2;
  return b;
}

/** Most models in one facets file (about 40 KB each for GSM8K at full item counts). */
export const MAX_GROUP = 16;

/**
 * Models per facets file: 1, 2, 4, … up to MAX_GROUP. The first model of a search is read from a small file, so its
 * first page shows early, and 60 models are 7 files rather than 60 fetches.
 */
export function facetGroups(models: number): number[] {
  const out: number[] = [];
  for (let left = models, g = 1; left > 0; g = Math.min(MAX_GROUP, g * 2)) { out.push(Math.min(g, left)); left -= g; }
  return out;
}

/** One dataset's directory, facets and term files from its models' indices (in the order given: the directory's). */
export function combineIndexes(dataset: SearchDirectory['dataset'], indices: readonly ModelIndex[]): { directory: SearchDirectory; facets: SearchFacets[]; terms: SearchTerms[] } {
  let bytes = 0;
  for (const ix of indices) for (const map of [ix.tokens, ix.item_tokens]) for (const w in map) bytes += w.length + map[w]!.length + 8;
  const buckets = bucketCount(bytes);
  const terms: SearchTerms[] = Array.from({ length: buckets }, (_, bucket) => ({ v: 2, dataset, bucket, buckets, tokens: {}, item_tokens: {} }));
  indices.forEach((ix, i) => {
    const key = i.toString(36);
    for (const field of ['tokens', 'item_tokens'] as const) {
      for (const [w, postings] of Object.entries(ix[field])) {
        const at = terms[bucketOf(w, buckets)]![field];
        (Object.hasOwn(at, w) ? at[w]! : (at[w] = {}))[key] = postings;
      }
    }
  });
  const groups = facetGroups(indices.length);
  let start = 0;
  const facets = groups.map((n, group) => {
    const models = indices.slice(start, (start += n)).map(({ model, shards, items, conditions, labels, condition, label, disagree }) =>
      ({ model, shards, items, conditions, labels, condition, label, disagree }));
    return { v: 2 as const, dataset, group, models };
  });
  return { directory: { v: 2, dataset, buckets, models: indices.map((ix) => ix.model), groups }, facets, terms };
}
