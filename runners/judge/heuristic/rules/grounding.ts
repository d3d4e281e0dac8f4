import { clip } from '../text.ts';
import type { Signals } from '../signals.ts';
import type { RuleHit } from '../types.ts';

/**
 * genuine_followup vs new_unrelated_query, once every failure rule has passed. A turn is grounded when it refers
 * to the answer explicitly, or shares specific content with the conversation (words or numbers of a, topic words
 * of q) and has a conversational hook. It is a fresh request when it is a self-contained problem whose words are
 * mostly new, whatever hook it opens with ("Now, Tom has 3 boxes…").
 */
export function groundingRule(text: string, s: Signals): RuleHit {
  const overlap = s.inQ + s.aOnly;
  const stat = `shares ${s.inQ} content word(s) with the question and ${s.aOnly} only with the answer; ${Math.round(100 * s.novelRatio)}% of its words are new`;
  if (s.strongRef) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.explicit_reference',
      rationale: `Refers to the answer explicitly ("${clip(s.strongRef, 60)}"); ${stat}.`,
      evidence: clip(s.strongRef, 120),
    };
  }
  const hypothetical = /\b(?:what|how) about\b|\bwhat if\b|\binstead\b|^\s*(?:and|but) (?:if|what|how)\b/i.test(text);
  const freshProblem = s.novelNumbers.length >= 2 && s.u.size >= 4 && s.novelRatio >= 0.7 && s.answerNumbers.length === 0 && !hypothetical;
  const fresh =
    freshProblem ||
    s.u.size >= 8 &&
    s.novelRatio >= 0.7 &&
    s.answerNumbers.length === 0 &&
    (s.novelNumbers.length >= 2 || s.u.size >= 12 || s.sentenceCount >= 2) &&
    !(overlap >= 2 && s.weakRef && s.u.size < 12);
  if (fresh) {
    return {
      label: 'new_unrelated_query',
      rule: 'grounding.fresh_request',
      rationale: `A self-contained new request: ${stat}${s.novelNumbers.length ? `, with new numbers ${s.novelNumbers.slice(0, 4).join(', ')}` : ''}.`,
      evidence: clip(text, 160),
    };
  }
  if (s.answerNumbers.length > 0 || s.aOnly > 0) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.answer_content',
      rationale: `Picks up content of the answer (${s.answerNumbers.length ? `numbers ${s.answerNumbers.join(', ')}` : `${s.aOnly} answer-only word(s)`}); ${stat}.`,
      evidence: clip(text, 120),
    };
  }
  if (s.weakRef) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.conversational_hook',
      rationale: `Continues the conversation ("${clip(s.weakRef, 40)}"); ${stat}.`,
      evidence: clip(s.weakRef, 120),
    };
  }
  if (s.inQ > 0) {
    return { label: 'genuine_followup', rule: 'grounding.same_topic', rationale: `Stays on the topic of the exchange; ${stat}.`, evidence: clip(text, 120) };
  }
  return {
    label: 'new_unrelated_query',
    rule: 'grounding.unrelated',
    rationale: `Nothing ties it to the answer or the question: ${stat}.`,
    evidence: clip(text, 160),
  };
}
