/**
 * A result's dataset items as its run read them, for the commands that read results against their data (validate,
 * rejudge). Results of download-only datasets (HealthBench) keep a placeholder where the prompt was, while the run's
 * judge saw the prompt: this is the one home of the placeholder and of the way back to the prompt.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { DatasetSpec, ResultSummary } from '../../src/schema/index.ts';
import { defaultCacheRoot } from '../core/defaults.ts';
import type { DatasetItem } from '../core/items.ts';
import { itemsFileName, itemsFilePath } from './files.ts';
import { loadDataset, type LoadedDataset } from './load.ts';

/** The files a run read for one dataset, as its summary records them (`provenance.datasets[].files`). */
export type RunFiles = ResultSummary['provenance']['datasets'][number]['files'];

/** The files the result's run read for one dataset (none when its provenance does not record them). */
export const runFilesOf = (summary: ResultSummary, dataset: string): RunFiles => summary.provenance.datasets.find((d) => d.id === dataset)?.files ?? [];

/** What results keep instead of a download-only item's prompt: download-only data is never redistributed. */
export const promptPlaceholder = (dataset: string, itemId: string): string => `[${dataset} item ${itemId}: prompt not redistributed]`;

export type ItemsAsRun = { ok: true; items: DatasetItem[] } | { ok: false; why: string };

/** Reads a dataset from a local datasets folder, downloading nothing (a command that reads one twice can pass its own). */
export type DatasetReader = (spec: DatasetSpec, dataDir: string) => Promise<LoadedDataset>;

export const readLocalDataset: DatasetReader = (spec, dataDir) => loadDataset(spec, { dataDir, cacheDir: defaultCacheRoot(), fetchImpl: () => Promise.reject(new Error('nothing is downloaded')) });

const short = (sha: string): string => `${sha.slice(0, 12)}…`;

/**
 * Where the run's items file goes in a datasets folder, and its checksum: the fix a refusal names. A run without
 * --data-dir downloaded it into the runner's cache, laid out the same way: then that folder is named too.
 */
export const runFileHint = (spec: DatasetSpec, ran: RunFiles): string => {
  const sha = ran.find((f) => f.name === itemsFileName(spec))?.sha256;
  const downloads = join(defaultCacheRoot(), 'datasets');
  const cached = existsSync(itemsFilePath(downloads, spec)) ? `; this machine's download cache holds one: --data-dir ${downloads}` : '';
  return `${itemsFilePath('DIR', spec)}${sha ? ` (sha256 ${short(sha)})` : ''}${cached}`;
};

/**
 * The dataset's items when `dataDir` (--data-dir, USERTURN_DATA_DIR) holds, byte for byte, the files the run read: the
 * names and sha-256s its provenance records. Those are the checksums of what it read, which is stricter than the
 * suite's pin and also right where the pin is not (a run uses a local copy that differs from the pin, with a warning,
 * and records it; HealthBench has no pin). Nothing is downloaded. Otherwise why not, in a few words.
 */
export async function itemsAsRun(spec: DatasetSpec, ran: RunFiles, dataDir: string | undefined, read: DatasetReader = readLocalDataset): Promise<ItemsAsRun> {
  if (!dataDir) return { ok: false, why: 'no --data-dir or USERTURN_DATA_DIR is set' };
  if (ran.length === 0) return { ok: false, why: `the result records no ${spec.id} files (provenance.datasets), so nothing tells which files its run read` };
  let loaded;
  try {
    loaded = await read(spec, dataDir);
  } catch (e) {
    return { ok: false, why: (e as Error).message };
  }
  if (isDeepStrictEqual(loaded.files, ran)) return { ok: true, items: loaded.items };
  const path = (name: string) => join(dataDir, spec.id, name);
  for (const f of ran) {
    const here = loaded.files.find((x) => x.name === f.name);
    if (!here) return { ok: false, why: `${path(f.name)}: not found` };
    if (here.sha256 !== f.sha256) return { ok: false, why: `${path(f.name)} has sha256 ${short(here.sha256)}, not the ${short(f.sha256)} the run read` };
  }
  const extra = loaded.files.find((x) => !ran.some((f) => f.name === x.name));
  return { ok: false, why: `${path(extra?.name ?? '?')} was not read by the run` };
}

export type RunPrompts = { ok: true; prompts: ReadonlyMap<string, string> } | { ok: false; why: string };

/** The prompt the run's judge saw for each item id (the item's question), read as `itemsAsRun` reads the items. */
export async function promptsAsRun(spec: DatasetSpec, ran: RunFiles, dataDir: string | undefined, read: DatasetReader = readLocalDataset): Promise<RunPrompts> {
  const r = await itemsAsRun(spec, ran, dataDir, read);
  return r.ok ? { ok: true, prompts: new Map(r.items.map((it) => [it.id, it.question])) } : r;
}
