import { clip } from '../text.ts';
import type { Signals } from '../signals.ts';
import type { RuleHit } from '../types.ts';

/**
 * genuine_followup vs new_unrelated_query, once every failure rule has passed. In order:
 *  1. an explicit reference to the answer ("your answer", "you said", "step 2", "are you sure") → follow-up;
 *  2. an announced new question ("Next question: …") → new request;
 *  3. a self-contained fresh problem whose words are mostly new → new request, whatever bare opener it starts
 *     with ("Now, Tom has 3 boxes…"), unless it has a real hook or shares a name with the conversation;
 *  4. specific content of the answer (its words or its numbers), a hook ("why…?", "what if…", "explain it"),
 *     the topic of q (non-generic words, names), or a standing role set up by q → follow-up;
 *  5. otherwise → unrelated request.
 */
export function groundingRule(text: string, s: Signals): RuleHit {
  const stat = `shares ${s.inQ} content word(s) with the question and ${s.aOnly} only with the answer; ${Math.round(100 * s.novelRatio)}% of its words are new`;
  if (s.strongRef) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.explicit_reference',
      rationale: `Refers to the answer explicitly ("${clip(s.strongRef, 60)}"); ${stat}.`,
      evidence: clip(s.strongRef, 120),
    };
  }
  if (s.newMarker) {
    return {
      label: 'new_unrelated_query',
      rule: 'grounding.new_marker',
      rationale: `Announces a new question ("${clip(s.newMarker, 40)}"); ${stat}.`,
      evidence: clip(text, 160),
    };
  }
  // A pronoun hook anchors the turn only in its first sentence: in "A train travels 60 mph for 2 h. How far does
  // it go?" the "it" points inside the turn, which is a self-contained problem.
  const anchored = s.sharedProper.length > 0 || s.weakRefLeading;
  const freshProblem = s.novelNumbers.length >= 2 && s.novelRatio >= 0.7 && s.answerNumbers.length === 0 && !s.hypothetical;
  const freshRequest =
    s.u.size >= 8 && s.novelRatio >= 0.7 && s.answerNumbers.length === 0 && s.topicAOnly === 0 && (s.u.size >= 12 || s.sentenceCount >= 2);
  if ((freshProblem || freshRequest) && !anchored) {
    return {
      label: 'new_unrelated_query',
      rule: 'grounding.fresh_request',
      rationale: `A self-contained new request: ${stat}${s.novelNumbers.length ? `, with new numbers ${s.novelNumbers.slice(0, 4).join(', ')}` : ''}.`,
      evidence: clip(text, 160),
    };
  }
  if (s.answerNumbers.length > 0 || s.topicAOnly > 0) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.answer_content',
      rationale: `Picks up content of the answer (${s.answerNumbers.length ? `numbers ${s.answerNumbers.join(', ')}` : `${s.topicAOnly} answer-only word(s)`}); ${stat}.`,
      evidence: clip(text, 120),
    };
  }
  const hook = s.weakRef ?? (s.opener && s.inQ + s.aOnly > 0 ? s.opener : null);
  if (hook) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.conversational_hook',
      rationale: `Continues the conversation ("${clip(hook, 40)}"); ${stat}.`,
      evidence: clip(hook, 120),
    };
  }
  if (s.topicInQ > 0 || s.sharedProper.length > 0) {
    return { label: 'genuine_followup', rule: 'grounding.same_topic', rationale: `Stays on the topic of the exchange; ${stat}.`, evidence: clip(text, 120) };
  }
  if (s.standingRole) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.standing_role',
      rationale: `The question set up a standing role or task for the conversation, and this turn continues within it; ${stat}.`,
      evidence: clip(text, 120),
    };
  }
  return {
    label: 'new_unrelated_query',
    rule: 'grounding.unrelated',
    rationale: `Nothing ties it to the answer or the question: ${stat}.`,
    evidence: clip(text, 160),
  };
}
