/**
 * Fetching the example browser's files (pure but for the injected fetch): manifests, shards and the search index,
 * each once, checked with the injected parsers (src/lib/examples/check.ts in the browser, the zod schemas in tests),
 * with the promises cached (a failed file is dropped from the cache so a retry refetches). Every fetch goes through
 * one pool, so a cross-model search fetches in parallel without opening hundreds of requests at once.
 *
 * The search index of a dataset is a directory, facets files (groups of models) and term files (words by hash): a
 * query reads the directory, the facets of the models it covers and only the term files of its own words.
 */
import { bucketOf, directoryPath, facetsPath, manifestPath, shardPath, termsPath } from '../../schema/shard-paths.ts';
import type { Manifest, SearchFacets, SearchTerms, Shard } from '../../schema/shards.ts';
import type { ModelIndex } from '../site/search.ts';
import type { Checks, Parse } from './check.ts';
import { pool } from './pool.ts';

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** Parallel fetches; browsers open 6 connections per host over HTTP/1.1, HTTP/2 multiplexes more. */
export const FETCH_CONCURRENCY = 8;

export interface ShardLoader {
  /** The manifest, or null when the pair is unknown to the site or has no published samples. */
  manifest(model: string, dataset: string): Promise<Manifest | null>;
  /**
   * A model's index for a query's words (only their postings), or null when the pair is unknown to the site or the
   * index is missing or invalid.
   */
  index(model: string, dataset: string, words: readonly string[]): Promise<ModelIndex | null>;
  /** Shard n; rejects with a one-line reason (HTTP status or the first invalid field). */
  shard(model: string, dataset: string, n: number): Promise<Shard>;
}

/** Word → this model's postings, from the term files (null-prototype: any word is a plain key). */
function postings(files: readonly SearchTerms[], words: readonly string[], field: 'tokens' | 'item_tokens', key: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const w of words) {
    for (const f of files) {
      const byModel = Object.hasOwn(f[field], w) ? f[field][w]! : undefined;
      if (byModel && Object.hasOwn(byModel, key)) out[w] = byModel[key]!;
    }
  }
  return out;
}

/**
 * `known(model, dataset)` says which pairs the site published: ids from the query string never build a fetch path
 * otherwise. `base` is the site's base URL, ending in "/".
 */
export function shardLoader(
  base: string, known: (model: string, dataset: string) => boolean, check: Checks,
  fetchJson: Fetch = fetch, concurrency = FETCH_CONCURRENCY,
): ShardLoader {
  const cache = new Map<string, Promise<unknown>>();
  const run = pool(concurrency);
  /** Shards are urgent: they hold what is about to be shown, while index files may still be queued behind them. */
  function get<T>(path: string, parse: Parse<T>, urgent = false): Promise<T> {
    let p = cache.get(path) as Promise<T> | undefined;
    if (!p) {
      p = run(async () => {
        const r = await fetchJson(`${base}${path}`);
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return parse(await r.json(), path);
      }, urgent);
      cache.set(path, p);
      p.catch(() => cache.delete(path));
    }
    return p;
  }
  async function index(model: string, dataset: string, words: readonly string[]): Promise<ModelIndex | null> {
    if (!known(model, dataset)) return null;
    const dir = await get(directoryPath(dataset), check.directory);
    const i = dir.models.indexOf(model);
    if (i < 0) return null;
    let g = 0;
    let start = 0;
    while (g < dir.groups.length && start + dir.groups[g]! <= i) start += dir.groups[g++]!;
    const buckets = [...new Set(words.map((w) => bucketOf(w, dir.buckets)))];
    const [file, ...files] = await Promise.all([get(facetsPath(dataset, g), check.facets), ...buckets.map((b) => get(termsPath(dataset, b), check.terms))]);
    const f = (file as SearchFacets).models[i - start];
    if (f?.model !== model) return null;
    const key = i.toString(36);
    const { shards, items, conditions, labels, condition, label, disagree } = f;
    return {
      model, dataset, shards, items, conditions, labels, condition, label, disagree,
      tokens: postings(files as SearchTerms[], words, 'tokens', key), item_tokens: postings(files as SearchTerms[], words, 'item_tokens', key),
    };
  }
  return {
    manifest: (model, dataset) => (known(model, dataset) ? get(manifestPath(model, dataset), check.manifest).catch(() => null) : Promise.resolve(null)),
    index: (model, dataset, words) => index(model, dataset, words).catch(() => null),
    shard: (model, dataset, n) => get(shardPath(model, dataset, n), check.shard, true),
  };
}
