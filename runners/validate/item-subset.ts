import type { FieldError, ResultSummary, Suite } from '../../src/schema/index.ts';
import { loadDataset, selectItems } from '../datasets/load.ts';
import { defaultCacheRoot } from '../core/defaults.ts';

/**
 * A result's items are the suite's seeded choice: `--limit N` (or the suite's cap) picks one subset per dataset,
 * whatever the model. A review deleted every sample of one wrongly answered item and rebuilt the summary: GSM8K
 * accuracy went from 0.8 to 1, and every figure still agreed with the samples. Read only where the run's dataset files
 * are at hand, byte for byte (`dataDir`, USERTURN_DATA_DIR: nothing is downloaded), and for a whole result (a shard's
 * own folder holds every n-th item of the choice; its merge holds them all).
 */
export async function itemSubsetErrors(display: string, summary: ResultSummary, suite: Suite, dataDir: string | undefined): Promise<FieldError[]> {
  if (!dataDir) return [];
  const shards = summary.provenance.shards;
  if (shards && shards.merged.length < shards.count) return [];
  const errors: FieldError[] = [];
  for (const [i, d] of summary.datasets.entries()) {
    const spec = suite.datasets.find((s) => s.id === d.dataset);
    if (!spec) continue;
    let items;
    try {
      const loaded = await loadDataset(spec, { dataDir, cacheDir: defaultCacheRoot(), fetchImpl: () => Promise.reject(new Error('validate downloads nothing')) });
      const ran = summary.provenance.datasets.find((x) => x.id === d.dataset)?.files ?? [];
      // Other bytes than the run read: its items may be others too.
      if (JSON.stringify(loaded.files) !== JSON.stringify(ran)) continue;
      items = loaded.items;
    } catch {
      continue; // not at hand
    }
    const chosen = new Set(selectItems(spec, items, d.item_ids.length).map((it) => it.id));
    const extra = d.item_ids.find((id) => !chosen.has(id));
    if (extra !== undefined || chosen.size !== d.item_ids.length) {
      errors.push({ file: display, field: `datasets.${i}.item_ids`, message: `are not the suite's seeded choice of ${d.item_ids.length} ${d.dataset} items${extra !== undefined ? ` ("${extra}" is not among them)` : ''}: a result holds every item its --limit chose` });
    }
  }
  return errors;
}
