import type { DatasetSpec, Submission, Suite } from '../../src/schema/index.ts';
import type { DatasetItem } from './items.ts';

/** One dataset as a run uses it: the items chosen (subset, shard) and the files they came from. */
export interface PlannedDataset {
  spec: DatasetSpec;
  /** Items of this run (after the seeded subset and the shard slice), in source order. */
  items: DatasetItem[];
  files: Array<{ name: string; sha256: string }>;
}

/** What a run plans to probe: the part of the probe's setup that results (merge, summaries) read. */
export interface RunPlan {
  suite: Suite;
  submission: Submission;
  submissionSha256: string;
  datasets: PlannedDataset[];
}
