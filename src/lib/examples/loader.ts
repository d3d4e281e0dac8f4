/**
 * The example browser's loader: fetches a model × dataset's manifest, search index and shards once each, checks them
 * with the injected parsers (src/lib/examples/check.ts in the browser, the zod schemas in tests), and caches the
 * promises (a failed shard is dropped from the cache so a retry refetches). Every fetch goes through one pool, so a
 * cross-model search fetches in parallel without opening hundreds of requests at once.
 */
import { indexPath, manifestPath, shardPath } from '../../schema/shard-paths.ts';
import type { Manifest, SearchIndex, Shard } from '../../schema/shards.ts';
import type { Checks, Parse } from './check.ts';
import { pool } from './pool.ts';

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** Parallel fetches; browsers open 6 connections per host over HTTP/1.1, HTTP/2 multiplexes more. */
export const FETCH_CONCURRENCY = 8;

export interface ShardLoader {
  /** The manifest, or null when the pair is unknown to the site or has no published samples. */
  manifest(model: string, dataset: string): Promise<Manifest | null>;
  /** The search index, or null when the pair is unknown to the site or its index is missing or invalid. */
  index(model: string, dataset: string): Promise<SearchIndex | null>;
  /** Shard n; rejects with a one-line reason (HTTP status or the first invalid field). */
  shard(model: string, dataset: string, n: number): Promise<Shard>;
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
  /** Shards are urgent: they hold what is about to be shown, while indices may still be queued behind them. */
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
  const orNull = <T>(model: string, dataset: string, path: string, parse: Parse<T>): Promise<T | null> =>
    (known(model, dataset) ? get(path, parse).catch(() => null) : Promise.resolve(null));
  return {
    manifest: (model, dataset) => orNull(model, dataset, manifestPath(model, dataset), check.manifest),
    index: (model, dataset) => orNull(model, dataset, indexPath(model, dataset), check.index),
    shard: (model, dataset, n) => get(shardPath(model, dataset, n), check.shard, true),
  };
}
