import { llamacpp } from './llamacpp.ts';
import { ollama } from './ollama.ts';
import { sglang } from './sglang.ts';
import { tgi } from './tgi.ts';
import type { EngineAdapter, EngineBehaviour, EngineId } from './types.ts';
import { vllm } from './vllm.ts';

export type { EngineBehaviour, EngineId } from './types.ts';

/** Every engine adapter by id (runners/engines/<engine>.ts holds each engine's facts and where they come from). */
export const ADAPTERS: Readonly<Record<EngineId, EngineAdapter>> = { vllm, sglang, tgi, llamacpp, ollama };

/** What each engine does with special tokens, stops and streams: the runner and the simulator read it here. */
export const ENGINES: Readonly<Record<EngineId, EngineBehaviour>> = Object.fromEntries(Object.entries(ADAPTERS).map(([k, a]) => [k, a.behaviour])) as Record<EngineId, EngineBehaviour>;

export const ENGINE_IDS = Object.keys(ADAPTERS) as EngineId[];
