import type { DatasetSpec } from '../../src/schema/index.ts';
import { readLocalDataset, type DatasetReader } from '../datasets/as-run.ts';
import type { LoadedDataset } from '../datasets/load.ts';

/**
 * A dataset reader for one validate run that reads and hashes each dataset's files once: a result's items are checked
 * against the dataset (dataset-checks.ts) and a download-only dataset's verdicts are re-judged on its prompts
 * (verdict-recheck.ts), and each read HealthBench again, twice per result folder.
 */
export function datasetsReadOnce(read: DatasetReader = readLocalDataset): DatasetReader {
  const loaded = new Map<string, Promise<LoadedDataset>>();
  return (spec: DatasetSpec, dataDir: string) => {
    // Suites may describe one dataset id differently (files, parser): the whole spec is the key.
    const key = JSON.stringify([dataDir, spec]);
    let once = loaded.get(key);
    if (once === undefined) loaded.set(key, (once = read(spec, dataDir)));
    return once;
  };
}
