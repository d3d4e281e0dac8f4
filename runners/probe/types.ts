import type { DatasetId, ItemScore, Provenance, Sample } from '../../src/schema/index.ts';
import type { CompletionBody, CompletionResult } from '../client/types.ts';
import type { VerifierItem } from '../core/items.ts';
import type { RunPlan } from '../core/plan.ts';
import type { SampleSink } from '../core/sample-sink.ts';
import type { EngineBehaviour } from '../engines/behaviour.ts';
import type { Judge } from '../core/judge.ts';
import type { LoadedTemplate } from '../templates/load.ts';
import type { PromptBuilder } from '../templates/prompts.ts';

/** Everything that decides what is sent, resolved before any request. */
export interface ProbeSetup extends RunPlan {
  template: LoadedTemplate;
  builder: PromptBuilder;
  /** Extra body fields for the engine (e.g. skip_special_tokens for vLLM / SGLang), from the engine table. */
  extraBody: Readonly<{ skip_special_tokens?: boolean }>;
  /** What the serving engine does with special tokens and stop strings. */
  engine: EngineBehaviour;
  assistantMaxTokens: number;
  /** The assistant budget, where it came from and the submission's reason for an override (summary provenance). */
  assistantBudget: NonNullable<Provenance['assistant_budget']>;
  /** Suite v2: the runner cuts returned turns at the template's stop markers itself. */
  cutAtStops: boolean;
  /** Whether answers are asked for streamed: the client's mode, which decides what TGI's text holds. */
  streamed: boolean;
  /**
   * The engine drops special tokens and keeps matched stop text (TGI not streamed): look for a stop's visible remnant
   * too (suite v2).
   */
  stopRemnants: boolean;
  /**
   * The engine keeps special tokens and the token it stopped on (TGI streamed): a stopped turn ends with its
   * end-of-sequence token or a one-token stop, removed before anything else (templates/cut.ts dropStopToken).
   */
  stopTokenKept: boolean;
  /**
   * The engine reports a turn that ended on the last token its budget allowed as `length` and keeps that token in the
   * text (TGI streamed, SGLang): such a turn is read as stopped (templates/cut.ts finishAtBudget; read-reply.ts).
   */
  endedAtBudget: boolean;
  shard: { index: number; count: number } | null;
}

/** What the probe pipeline needs from outside: the request path, the judges, the verifier, where samples go. */
export interface ProbeDeps {
  complete(body: CompletionBody): Promise<CompletionResult>;
  judges: Judge[];
  verify(item: VerifierItem | null, answer: string): ItemScore | null | Promise<ItemScore | null>;
  /** Model name sent in every request (what the endpoints serve). */
  model: string;
  /** Called after every finished (or skipped) request. */
  onProgress?(done: number, total: number): void;
  /**
   * Receives the samples of each finished item (items finish in any order; `index` is the item's position in
   * its dataset). Default: keep every sample in memory and return them in `ProbeOutput.samples`.
   */
  sink?: SampleSink;
  /** Items in flight at once (bounds memory); default: enough to keep `concurrency` requests busy. */
  itemWindow?: number;
  /**
   * Told of the first item that failed (a storage failure, say): the run is over, so the requests of the items still
   * in flight are given up rather than waited for (the client's stop).
   */
  stop?(reason: unknown): void;
}

export interface ProbeOutput {
  /** Samples by dataset in item order (empty when a sink was given). */
  samples: Map<DatasetId, Sample[]>;
  requestErrors: number;
}

/** What one item's run needs from the whole run. */
export interface ItemContext {
  setup: ProbeSetup;
  deps: ProbeDeps;
  /** `n` (default 1) requests finished, or were skipped because their assistant turn failed or was unfinished. */
  tick(n?: number): void;
  /** One request failed after its retries. */
  countError(): void;
  downloadOnly: ReadonlySet<DatasetId>;
}
