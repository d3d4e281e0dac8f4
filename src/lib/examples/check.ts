/**
 * What the browser checks in a fetched file (pure). The full zod schemas of src/schema/shards.ts run at build time on
 * every file written and in the loader's tests; shipping zod to the page would add ~31 KB gzip of JavaScript, so the
 * browser only checks that the file is the kind it asked for and has the fields it reads. Text is rendered as text.
 */
import { formatPath } from '../../schema/field-path.ts';
import type { Manifest, SearchDirectory, SearchFacets, SearchTerms, Shard } from '../../schema/shards.ts';

/** Parses fetched JSON into T or throws a one-line reason naming the file and field. */
export type Parse<T> = (data: unknown, path: string) => T;
export interface Checks {
  manifest: Parse<Manifest>; shard: Parse<Shard>; directory: Parse<SearchDirectory>; facets: Parse<SearchFacets>; terms: Parse<SearchTerms>;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
type Kind = 'string' | 'array' | 'object' | 'number';
const is = (x: unknown, k: Kind) => (k === 'array' ? Array.isArray(x) : k === 'object' ? isObject(x) : typeof x === k);

function shape<T>(fields: Record<string, Kind>): Parse<T> {
  return (data, path) => {
    if (!isObject(data)) throw new Error(`invalid data: ${path}: (root): expected an object`);
    for (const [k, kind] of Object.entries(fields)) if (!is(data[k], kind)) throw new Error(`invalid data: ${path}: ${k}: expected ${kind === 'array' || kind === 'object' ? 'an' : 'a'} ${kind}`);
    return data as T;
  };
}

export const structural: Checks = {
  manifest: shape<Manifest>({ model: 'string', dataset: 'string', shards: 'array' }),
  shard: shape<Shard>({ model: 'string', dataset: 'string', items: 'array' }),
  directory: shape<SearchDirectory>({ dataset: 'string', buckets: 'number', models: 'array', groups: 'array' }),
  facets: (data, path) => {
    const f = shape<SearchFacets>({ dataset: 'string', group: 'number', models: 'array' })(data, path);
    const model = shape({ model: 'string', shards: 'array', items: 'array', conditions: 'array', labels: 'array', condition: 'string', label: 'string', disagree: 'string' });
    f.models.forEach((m, i) => model(m, `${path}: ${formatPath(['models', i])}`));
    return f;
  },
  terms: shape<SearchTerms>({ dataset: 'string', bucket: 'number', tokens: 'object', item_tokens: 'object' }),
};
