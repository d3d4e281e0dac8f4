import type { Condition } from '../../src/schema/index.ts';
import type { CompletionBody } from '../client/types.ts';
import type { DatasetItem } from '../core/items.ts';
import { assistantSeed, sampleSeed } from './seeds.ts';
import type { ProbeSetup } from './types.ts';

/**
 * Stop strings the engine accepts: at most its limit (TGI: 4 by default), end-of-turn markers first. When the
 * runner cuts at stops itself (suite v2) the ones left out still end the turn, at the runner.
 */
function engineStops(setup: ProbeSetup, stops: string[]): string[] {
  const max = setup.engine.maxStops;
  return max !== null && stops.length > max ? stops.slice(0, max) : stops;
}

/**
 * top_p as the engine accepts it: TGI refuses 1 (runners/engines/tgi.ts), so there it is left out when it is 1,
 * which TGI reads as 1. Every other value, and every other engine, gets it as the suite says.
 */
const topP = (setup: ProbeSetup, p: number): { top_p?: number } => (setup.engine.refusesTopPOne && p >= 1 ? {} : { top_p: p });

/** The assistant-turn request of an item (suite decoding, greedy by default); `prompt` when already rendered. */
export function assistantBody(setup: ProbeSetup, model: string, item: DatasetItem, prompt?: string): CompletionBody {
  const at = setup.suite.assistant_turn;
  return {
    model,
    prompt: prompt ?? setup.builder.assistantPrompt(item.question),
    max_tokens: setup.assistantMaxTokens,
    temperature: at.temperature,
    ...topP(setup, at.top_p),
    seed: assistantSeed(setup.suite.seed, item.dataset, item.id),
    stop: engineStops(setup, setup.builder.assistantStops),
    ...setup.extraBody,
  };
}

/** The user-turn request of one sample: the raw prompt that opens the next user turn, under a condition. */
export function userTurnBody(setup: ProbeSetup, model: string, item: DatasetItem, context: string, cond: Condition, k: number, prompt?: string): CompletionBody {
  return {
    model,
    prompt: prompt ?? setup.builder.userTurnPrompt(item.question, context),
    max_tokens: setup.suite.user_turn.max_tokens,
    temperature: cond.temperature,
    ...topP(setup, cond.top_p),
    seed: sampleSeed(setup.suite.seed, item.dataset, item.id, cond.id, k),
    stop: engineStops(setup, setup.builder.userTurnStops),
    ...setup.extraBody,
  };
}

/** Requests an item needs: one assistant turn and every sample of every condition (reference only with one). */
export function requestsPerItem(setup: ProbeSetup, item: DatasetItem): number {
  let n = 1;
  for (const c of setup.suite.conditions) if (c.perturbation.kind !== 'reference' || item.reference !== null) n += c.samples;
  return n;
}

/** Every request a run will make, for progress and --dry-run. */
export const totalRequests = (setup: ProbeSetup): number =>
  setup.datasets.reduce((s, d) => s + d.items.reduce((t, it) => t + requestsPerItem(setup, it), 0), 0);
