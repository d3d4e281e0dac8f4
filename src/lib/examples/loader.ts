/**
 * The example browser's shard loader: fetches a model × dataset manifest and its shards once each, validates them
 * against src/schema/shards.ts, and caches the promises (a failed shard is dropped from the cache so a retry refetches).
 */
import { formatFieldError, parseWith } from '../../schema/errors.ts';
import { Manifest, Shard, manifestPath, shardPath } from '../../schema/shards.ts';
import type { z } from 'zod';

type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface ShardLoader {
  /** The manifest, or null when the pair is unknown to the site or has no published samples. */
  manifest(model: string, dataset: string): Promise<Manifest | null>;
  /** Shard n; rejects with a one-line reason (HTTP status or the first invalid field). */
  shard(model: string, dataset: string, n: number): Promise<Shard>;
}

/** Parse fetched JSON with a schema; the error names the file and the first bad field. */
function checked<S extends z.ZodType>(schema: S, data: unknown, path: string): z.infer<S> {
  const r = parseWith(schema, data, path);
  if (!r.ok) throw new Error(`invalid data: ${formatFieldError(r.errors[0]!)}`);
  return r.value;
}

/**
 * `known(model, dataset)` says which pairs the site published: ids from the query string never build a fetch path
 * otherwise. `base` is the site's base URL, ending in "/".
 */
export function shardLoader(base: string, known: (model: string, dataset: string) => boolean, fetchJson: Fetch = fetch): ShardLoader {
  const manifests = new Map<string, Promise<Manifest | null>>();
  const shards = new Map<string, Promise<Shard>>();
  async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S>> {
    const r = await fetchJson(`${base}${path}`);
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return checked(schema, await r.json(), path);
  }
  return {
    manifest(model, dataset) {
      if (!known(model, dataset)) return Promise.resolve(null);
      const key = `${model}/${dataset}`;
      let p = manifests.get(key);
      if (!p) {
        p = get(manifestPath(model, dataset), Manifest).catch(() => null);
        manifests.set(key, p);
      }
      return p;
    },
    shard(model, dataset, n) {
      const key = `${model}/${dataset}/${n}`;
      let p = shards.get(key);
      if (!p) {
        p = get(shardPath(model, dataset, n), Shard);
        shards.set(key, p);
        p.catch(() => shards.delete(key));
      }
      return p;
    },
  };
}
