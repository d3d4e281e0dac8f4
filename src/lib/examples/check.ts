/**
 * What the browser checks in a fetched file (pure). The full zod schemas of src/schema/shards.ts run at build time on
 * every file written and in the loader's tests; shipping zod to the page would add ~31 KB gzip of JavaScript, so the
 * browser only checks that the file is the one it asked for and has the arrays it reads. Text is rendered as text.
 */
import type { Manifest, SearchIndex, Shard } from '../../schema/shards.ts';

/** Parses fetched JSON into T or throws a one-line reason naming the file and field. */
export type Parse<T> = (data: unknown, path: string) => T;
export interface Checks { manifest: Parse<Manifest>; shard: Parse<Shard>; index: Parse<SearchIndex> }

function shape<T>(arrays: readonly string[], strings: readonly string[] = []): Parse<T> {
  return (data, path) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`invalid data: ${path}: (root): expected an object`);
    const o = data as Record<string, unknown>;
    for (const k of ['model', 'dataset']) if (typeof o[k] !== 'string') throw new Error(`invalid data: ${path}: ${k}: expected a string`);
    for (const k of arrays) if (!Array.isArray(o[k])) throw new Error(`invalid data: ${path}: ${k}: expected an array`);
    for (const k of strings) if (typeof o[k] !== 'string') throw new Error(`invalid data: ${path}: ${k}: expected a string`);
    return data as T;
  };
}

export const structural: Checks = {
  manifest: shape<Manifest>(['shards']),
  shard: shape<Shard>(['items']),
  index: shape<SearchIndex>(['shards', 'items', 'conditions', 'labels'], ['condition', 'label', 'disagree']),
};
