import type { ItemScore } from '../../src/schema/index.ts';
import { verifyGsm8k } from './gsm8k.ts';
import { verifyInstructions } from './instructions/evaluate.ts';
import type { VerifierItem } from '../core/items.ts';

/**
 * Score one answer with the verifier of its dataset: GSM8K final-number match, or the IFEval / IFBench instruction
 * checks (strict and loose). Pure and total: never throws, whatever the answer text.
 */
export function verify(item: VerifierItem, answer: string): ItemScore {
  const text = typeof answer === 'string' ? answer : '';
  if (item.dataset === 'gsm8k') return verifyGsm8k(item.reference_answer, text);
  return verifyInstructions(item.dataset, item, text);
}
