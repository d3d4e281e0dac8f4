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
/** Path of a model × dataset's search index, relative to the site root (ids are URL-encoded). */
export const indexPath = (model: string, dataset: string): string => `${INDEX_DIR}/${enc(dataset)}/${enc(model)}.json`;

/** Item id of a sample id `<item>~<condition>~<k>`. */
export const itemOfSampleId = (id: string): string => id.split('~')[0] ?? id;
