/** Tokens of the search index (pure): the build and the browser split text the same way. Buckets: bucketOf in src/schema/shard-paths.ts. */

/** Longer runs (hashes, base64) are cut: they are never typed as a query and would bloat the index. */
const MAX_TOKEN = 32;

/** Lower-cased runs of letters and digits, each once, in first-seen order. "As an AI" → as, an, ai. */
export function tokenize(text: string): string[] {
  const out = new Set<string>();
  // split is several times faster than matchAll here, which matters over 1.6 M samples at build time.
  for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w) out.add(w.length > MAX_TOKEN ? w.slice(0, MAX_TOKEN) : w);
  return [...out];
}

/**
 * What a query is evaluated on, for one model × dataset: its facets (SearchFacets in src/schema/shards.ts) plus the
 * postings of the query's words (from SearchTerms). Samples are numbered 0… in shard order.
 */
export interface ModelIndex {
  model: string;
  dataset: string;
  /** Samples per data shard, and per item, in order. */
  shards: number[];
  items: number[];
  conditions: string[];
  labels: string[];
  /** One base-36 digit per sample: its index into `conditions` / `labels`. */
  condition: string;
  label: string;
  /** Postings (sorted, delta-encoded base-36 numbers joined by commas) of the samples whose judges disagree. */
  disagree: string;
  /** Word → postings of samples (their user turn or perturbed answer), and of items (question or answer). */
  tokens: Record<string, string>;
  item_tokens: Record<string, string>;
}
