import type { ItemScore } from '../../src/schema/index.ts';
import type { VerifierItem } from './types.ts';

export type { VerifierItem } from './types.ts';

/**
 * Score one answer with the verifier of its dataset.
 * CONTRACT STUB: the verifiers issue replaces this body with the real GSM8K / IFEval / IFBench graders.
 */
export function verify(item: VerifierItem, answer: string): ItemScore {
  void answer;
  throw new Error(`verifier for ${item.dataset} not implemented yet`);
}
