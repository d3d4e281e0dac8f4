import type { DatasetSpec, Submission, Suite } from '../../src/schema/index.ts';
import type { DatasetItem } from '../datasets/types.ts';
import type { LoadedTemplate } from '../templates/load.ts';
import type { PromptBuilder } from '../templates/prompts.ts';

/** One dataset as a run uses it: the items chosen (subset, shard) and the files they came from. */
export interface PlannedDataset {
  spec: DatasetSpec;
  /** Items of this run (after the seeded subset and the shard slice), in source order. */
  items: DatasetItem[];
  files: Array<{ name: string; sha256: string }>;
}

/** Everything that decides what is sent, resolved before any request. */
export interface ProbeSetup {
  suite: Suite;
  submission: Submission;
  submissionSha256: string;
  template: LoadedTemplate;
  builder: PromptBuilder;
  datasets: PlannedDataset[];
  /** Extra body fields for the engine (e.g. skip_special_tokens for vLLM / SGLang). */
  extraBody: { skip_special_tokens?: boolean };
  assistantMaxTokens: number;
  shard: { index: number; count: number } | null;
}
