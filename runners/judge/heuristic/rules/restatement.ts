import { clip, numbers } from '../text.ts';
import type { Signals } from '../signals.ts';
import type { RuleHit } from '../types.ts';

/**
 * prompt_restatement: the turn repeats, paraphrases or re-asks q without reacting to a. Measured by normalised
 * content-token overlap: most of the turn's words come from q, it covers much of q, it uses (almost) nothing only
 * the answer contains, and it makes no explicit reference to the answer.
 */
export function restatementRule(text: string, question: string, s: Signals): RuleHit | null {
  if (s.u.size === 0 || s.q.size === 0 || s.strongRef || s.hypothetical) return null;
  const fromQ = s.inQ / s.u.size;
  const coverQ = s.inQ / s.q.size;
  const aOnlyOk = s.aOnly <= Math.max(1, Math.floor(0.1 * s.u.size)) && s.answerNumbers.length === 0;
  if (!aOnlyOk) return null;
  const stats = `${Math.round(100 * fromQ)}% of its content words are from the question, covering ${Math.round(100 * coverQ)}% of it`;
  if (fromQ >= 0.7 && coverQ >= 0.5) {
    return { label: 'prompt_restatement', rule: 'restatement.overlap', rationale: `Repeats the question: ${stats}.`, evidence: clip(text, 160) };
  }
  // Paraphrase of a numeric problem: every number of q comes back, no new number, and substantial overlap.
  const qNums = [...new Set(numbers(question))];
  const uNums = new Set(numbers(text));
  if (qNums.length >= 2 && qNums.every((n) => uNums.has(n)) && s.novelNumbers.length === 0 && s.answerNumbers.length === 0 && fromQ >= 0.4 && coverQ >= 0.3) {
    return {
      label: 'prompt_restatement',
      rule: 'restatement.numbers',
      rationale: `Paraphrases the question: all ${qNums.length} of its numbers return, nothing new is added; ${stats}.`,
      evidence: clip(text, 160),
    };
  }
  // Re-ask: short turn that is almost entirely the question's words and asks it again.
  if (fromQ >= 0.6 && coverQ >= 0.35 && s.u.size >= 3 && !s.weakRef) {
    return { label: 'prompt_restatement', rule: 'restatement.reask', rationale: `Re-asks the question: ${stats}.`, evidence: clip(text, 160) };
  }
  return null;
}
