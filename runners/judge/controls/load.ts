import { join } from 'node:path';
import type { DatasetId, Suite } from '../../../src/schema/index.ts';
import { loadDataset } from '../../datasets/load.ts';
import type { DatasetItem } from '../../core/items.ts';
import { loadMtBenchPositives } from '../labelled/load.ts';
import { buildControls } from './build.ts';
import type { ControlSet } from './types.ts';

/**
 * The suite's judge controls built from a local data dir (laid out as DIR/<dataset>/<file>). Throws
 * `file: …` when a dataset file is missing; returns null when the suite defines no controls (suite v1).
 */
export async function loadControls(suite: Suite, dataDir: string): Promise<ControlSet | null> {
  const spec = suite.judge_controls;
  if (!spec) return null;
  const datasets = new Map<DatasetId, DatasetItem[]>();
  for (const id of spec.datasets) {
    const ds = suite.datasets.find((d) => d.id === id);
    if (!ds) throw new Error(`suite ${suite.id} v${suite.version}: judge_controls.datasets: "${id}" is not a dataset of the suite`);
    // Checksum differences of a local copy are recorded by the controls' own items hash, not warned about here.
    datasets.set(id, (await loadDataset(ds, { dataDir, cacheDir: dataDir })).items);
  }
  const mtDir = join(dataDir, spec.positive_dataset);
  const second = loadMtBenchPositives(mtDir);
  if (!second) throw new Error(`${join(mtDir, 'question.jsonl')}: (file): no such file (the positive control needs MT-Bench)`);
  return buildControls(spec, datasets, second);
}
