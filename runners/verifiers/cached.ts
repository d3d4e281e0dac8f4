import type { ItemScore } from '../../src/schema/index.ts';
import { codeVersion } from '../cache/code-version.ts';
import { contentKey, type StageCache } from '../cache/stage-cache.ts';
import type { VerifierItem } from '../core/items.ts';
import { verify } from './index.ts';

/**
 * The verifier with its scores cached by content: this folder's code, the whole item (gold answer, instructions)
 * and the answer. A throw is not cached (the caller handles it).
 */
export function cachedVerify(stages: StageCache): (item: VerifierItem, answer: string) => ItemScore {
  const version = codeVersion(import.meta.url);
  return (item, answer) => stages.getOrCompute('score', version, contentKey(item, answer), () => verify(item, answer));
}
