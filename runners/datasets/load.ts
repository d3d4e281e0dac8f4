import type { DatasetSpec } from '../../src/schema/index.ts';
import { parseDataset } from './parsers.ts';
import { readDatasetFiles, type SourceOptions } from './source.ts';
import { seededSubset } from './subset.ts';
import type { DatasetItem } from '../core/items.ts';
import type { LoadedDataset } from './types.ts';

export type { LoadedDataset } from './types.ts';

export async function loadDataset(spec: DatasetSpec, opts: SourceOptions): Promise<LoadedDataset> {
  const { texts, files, differs } = await readDatasetFiles(spec, opts);
  const items = parseDataset(spec, texts);
  const ids = new Set<string>();
  for (const it of items) {
    if (ids.has(it.id)) throw new Error(`${spec.id}: duplicate item id "${it.id}"`);
    ids.add(it.id);
  }
  return { id: spec.id, items, files, differs };
}

/** The items a run uses: the suite cap and --limit (the smaller wins) pick one seeded subset. */
export function selectItems(spec: DatasetSpec, items: DatasetItem[], limit: number | null): DatasetItem[] {
  const caps = [spec.item_cap, limit].filter((x): x is number => x !== null);
  const cap = caps.length > 0 ? Math.min(...caps) : null;
  return seededSubset(items, cap, spec.subset_seed);
}
