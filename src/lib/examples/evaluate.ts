/** Query evaluation over one model's index (pure): the AND of every word and every facet. */
import { tokenize, type ModelIndex } from '../site/search.ts';

/** "" means any; label "none" is a sample without a primary label. */
export interface Filters { condition: string; label: string; query: string; disagree: boolean }

/**
 * Calls `at` for each number of postings (delta-encoded base-36 numbers joined by commas). Read char by char rather
 * than split + parseInt, which allocate a string per number: a common word has postings in most samples of a model.
 */
export function decode(postings: string | undefined, at: (v: number) => void): void {
  if (!postings) return;
  let v = 0, d = 0;
  for (let i = 0; i < postings.length; i++) {
    const c = postings.charCodeAt(i);
    if (c === 44) { v += d; at(v); d = 0; } else d = d * 36 + (c <= 57 ? c - 48 : c - 87);
  }
  at(v + d);
}

/** Marks the samples that contain a word: in their own text, or in their item's question or answer. */
function wordMask(ix: ModelIndex, word: string, starts: readonly number[]): Uint8Array {
  const m = new Uint8Array(ix.condition.length);
  // Own keys only: "constructor" is a word, not Object.prototype's.
  decode(Object.hasOwn(ix.tokens, word) ? ix.tokens[word] : undefined, (o) => { m[o] = 1; });
  decode(Object.hasOwn(ix.item_tokens, word) ? ix.item_tokens[word] : undefined, (i) => { m.fill(1, starts[i], starts[i]! + ix.items[i]!); });
  return m;
}

/** Ordinal of the first sample of each item. */
function itemStarts(ix: ModelIndex): number[] {
  const out: number[] = [];
  let s = 0;
  for (const n of ix.items) { out.push(s); s += n; }
  return out;
}

/** Sorted ordinals of the samples that match every filter; the text matches when it holds every word of the query. */
export function evaluate(ix: ModelIndex, f: Filters): number[] {
  const ci = f.condition ? ix.conditions.indexOf(f.condition) : -1;
  const li = f.label ? ix.labels.indexOf(f.label) : -1;
  if ((f.condition && ci < 0) || (f.label && li < 0)) return [];
  const cond = ci >= 0 ? ci.toString(36) : '';
  const lab = li >= 0 ? li.toString(36) : '';
  const words = tokenize(f.query);
  if (words.some((w) => !Object.hasOwn(ix.tokens, w) && !Object.hasOwn(ix.item_tokens, w))) return [];
  const starts = words.length ? itemStarts(ix) : [];
  const masks = words.map((w) => wordMask(ix, w, starts));
  let disagree: Uint8Array | null = null;
  if (f.disagree) { const d = new Uint8Array(ix.condition.length); decode(ix.disagree, (o) => { d[o] = 1; }); disagree = d; }
  const out: number[] = [];
  for (let o = 0; o < ix.condition.length; o++) {
    if (cond && ix.condition[o] !== cond) continue;
    if (lab && ix.label[o] !== lab) continue;
    if (disagree && !disagree[o]) continue;
    if (masks.some((m) => !m[o])) continue;
    out.push(o);
  }
  return out;
}

/** Where sample `ordinal` lives: shard n, and its position among the shard's samples (items in order). */
export function locate(ix: ModelIndex, ordinal: number): { n: number; pos: number } {
  let first = 0;
  for (let n = 0; n < ix.shards.length; n++) {
    if (ordinal < first + ix.shards[n]!) return { n, pos: ordinal - first };
    first += ix.shards[n]!;
  }
  throw new Error(`sample ${ordinal} is beyond the index of ${ix.model} on ${ix.dataset}`);
}
