import type { ItemScore } from '../../src/schema/index.ts';
import { codeVersion } from '../cache/code-version.ts';
import { contentKey, type StageCache } from '../cache/stage-cache.ts';
import type { VerifierItem } from '../core/items.ts';

/**
 * The verifier with its scores cached by content: this folder's code, the whole item (gold answer, instructions)
 * and the answer. A throw is not cached (the caller handles it). `score` is the CPU stage's worker in a run.
 */
export function cachedVerify(stages: StageCache, score: (item: VerifierItem, answer: string) => ItemScore | Promise<ItemScore> = inThread): (item: VerifierItem, answer: string) => Promise<ItemScore> {
  const version = codeVersion(import.meta.url);
  return (item, answer) => stages.getOrComputeAsync('score', version, contentKey(item, answer), async () => score(item, answer));
}

/** The verifiers in this thread, loaded at first use (a run scoring in its CPU stage never loads them here). */
const inThread = async (item: VerifierItem, answer: string): Promise<ItemScore> => (await import('./index.ts')).verify(item, answer);
