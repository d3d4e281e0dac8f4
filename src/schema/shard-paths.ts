/** Where the build writes the example browser's files, relative to the site root. No zod here: the browser imports this. */

/** Folder of the shards, relative to the site root. */
export const SAMPLES_DIR = 'data/samples';
/** Folder of the search index, relative to the site root. */
export const INDEX_DIR = 'data/index';

const enc = encodeURIComponent;
/** Path of a model × dataset manifest, relative to the site root (ids are URL-encoded). */
export const manifestPath = (model: string, dataset: string): string => `${SAMPLES_DIR}/${enc(model)}/${enc(dataset)}.json`;
/** Path of shard n of a model × dataset, relative to the site root (ids are URL-encoded). */
export const shardPath = (model: string, dataset: string, n: number): string => `${SAMPLES_DIR}/${enc(model)}/${enc(dataset)}-${n}.json`;
/** Path of a dataset's search directory (bucket count, models), relative to the site root. */
export const directoryPath = (dataset: string): string => `${INDEX_DIR}/${enc(dataset)}/index.json`;
/** Path of facets file `group` of a dataset's search index, relative to the site root. */
export const facetsPath = (dataset: string, group: number): string => `${INDEX_DIR}/${enc(dataset)}/facets-${group}.json`;
/** Path of term file `bucket` of a dataset's search index, relative to the site root. */
export const termsPath = (dataset: string, bucket: number): string => `${INDEX_DIR}/${enc(dataset)}/terms-${bucket}.json`;

/** The term file a word's postings live in: FNV-1a (32-bit) of its UTF-16 code units, modulo the bucket count. */
export function bucketOf(word: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) { h ^= word.charCodeAt(i); h = Math.imul(h, 0x01000193); }
  return (h >>> 0) % buckets;
}

/** Item id of a sample id `<item>~<condition>~<k>`. */
export const itemOfSampleId = (id: string): string => id.split('~')[0] ?? id;
