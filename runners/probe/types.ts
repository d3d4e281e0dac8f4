import type { DatasetSpec, Provenance, Submission, Suite } from '../../src/schema/index.ts';
import type { EngineBehaviour } from '../engines/behaviour.ts';
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
  /** Extra body fields for the engine (e.g. skip_special_tokens for vLLM / SGLang), from the engine table. */
  extraBody: Readonly<{ skip_special_tokens?: boolean }>;
  /** What the serving engine does with special tokens and stop strings. */
  engine: EngineBehaviour;
  assistantMaxTokens: number;
  /** The assistant budget, where it came from and the submission's reason for an override (summary provenance). */
  assistantBudget: NonNullable<Provenance['assistant_budget']>;
  /** Suite v2: the runner cuts returned turns at the template's stop markers itself. */
  cutAtStops: boolean;
  /** The engine drops special tokens and keeps matched stop text (TGI): look for a stop's visible remnant too. */
  stopRemnants: boolean;
  shard: { index: number; count: number } | null;
}
