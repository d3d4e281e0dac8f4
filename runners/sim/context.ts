import type { ServerResponse } from 'node:http';
import type { EngineId } from '../engines/behaviour.ts';
import type { Delivery } from './delivery.ts';
import type { FaultKind, FaultRates } from './faults.ts';
import type { Misbehaviour } from './misbehave.ts';
import type { Pacer } from './pacing.ts';
import type { EngineRequest, GeneratorOptions } from './generate.ts';
import type { Profile } from './profiles.ts';
import type { ServedModelFiles } from './served-model.ts';
import type { SimStats } from './stats.ts';

export interface SimOptions {
  port: number;
  profile: Profile;
  seed: number;
  latencyMs: number;
  /**
   * Decode step of a streamed answer after its first token (pacing.ts): 0 writes the whole stream at once, N writes
   * one piece every N ms, as an engine streams one token per step.
   */
  tokenMs?: number;
  faults: FaultRates;
  /** Wait announced by 429 responses. */
  retryAfterMs: number;
  dataDir?: string;
  /** Emulate this engine's special-token and stop-string behaviour (runners/engines/<engine>.ts); default: an ideal engine. */
  engine?: EngineId;
  /** llama.cpp only: the server was started with --special (special tokens rendered in the text). */
  serverSpecial?: boolean;
  /** Fault knob: stop strings are not applied (end-of-sequence tokens still end generation). */
  ignoreStops?: boolean;
  /** Every user turn runs on past a role header into an assistant reply. */
  runPast?: boolean;
  /** With an engine: every turn that ends does so on the last token its max_tokens allows (engine-emulation.ts). */
  endAtBudget?: boolean;
  /** With an engine: ChatML turns end with this end-of-sequence token, not <|im_end|> (generate.ts). */
  endToken?: string;
  /** With an engine: the served model's files, whose end tokens the engine's rule takes (served-model.ts); default a Qwen2-like model. */
  modelFiles?: ServedModelFiles;
  /** Share of assistant turns that reason until max_tokens (overrides the profile's unfinishedRate). */
  unfinishedRate?: number;
  /** The context window served (`--context-length`), in place of 32,768 (or short-context's 1,024). */
  contextLength?: number;
  /** Deployment mistakes to show (runners/sim/misbehave.ts): what `userturn doctor` must catch. */
  misbehave?: ReadonlySet<Misbehaviour>;
  /** llama.cpp only: for this long after it starts, the server is loading its model as llama.cpp shows it (loading.ts). */
  loadingMs?: number;
  /** SGLang only: for this long after it starts, the server warms up as SGLang shows it (loading.ts). */
  warmupMs?: number;
  /** vLLM (and without --engine): more names the model is served under, answered under the first (served-names.ts). */
  aliases?: string[];
  /** The version the engine's version route reports (version-route.ts), in place of the simulator's own. */
  engineVersion?: string;
  /** The engine's version route is missing (404) or never answers ('hang'): an older engine, a proxy in front of it. */
  versionRoute?: 'missing' | 'hang';
}

/** Everything the routes of one running simulator share. */
export interface SimContext {
  opts: SimOptions;
  stats: SimStats;
  /** The one model /v1/models lists: completions and chat for it come from the generator. */
  servedModel: string;
  gen: GeneratorOptions;
  emulated: Omit<EngineRequest, 'body'> | null;
  nextFault: () => FaultKind | null;
  /** Responses held open by a `hang` fault, destroyed on close. */
  hanging: Set<ServerResponse>;
  /** The last judge request bodies, for GET /sim/judge-requests: tests check what a judge client really sent. */
  judgeRequests: unknown[];
  delivery: Delivery;
  /** Writes streamed answers, at once or one piece per decode step. */
  pacer: Pacer;
  /** performance.now() from which the engine is ready: llama.cpp's model loaded, SGLang's warm-up done (loading.ts). */
  readyAt: number;
}

/** Whether the simulator answers as vLLM: with --engine vllm, and without --engine (its default shape). */
export const answersAsVllm = (ctx: SimContext): boolean => (ctx.opts.engine ?? 'vllm') === 'vllm';
