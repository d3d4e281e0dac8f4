import { clip } from '../text/sentences.ts';
import { specificNumbers } from '../text/tokens.ts';
import { ownMaterialRule } from './own-material.ts';
import { ownSituationRule } from './own-situation.ts';
import { isQuery } from './register.ts';
import type { Signals } from '../signals/types.ts';
import type { RuleHit } from '../types.ts';

/**
 * genuine_followup vs new_unrelated_query, once every failure rule has passed. In order:
 *  0. a turn with its own material (mostly new words, or a word problem) and no reference to what the assistant
 *     wrote → new request (own-material.ts);
 *  1. an explicit reference to the answer ("your answer", "you said", "step 2", "are you sure") → follow-up;
 *  2. an announced new question ("Next question: …") → new request;
 *  3. a self-contained fresh problem whose words are mostly new → new request, whatever bare opener it starts
 *     with ("Now, Tom has 3 boxes…"), unless it has a real hook or shares a name with the conversation;
 *  4. specific content of the answer (its words or its numbers), a hook ("why…?", "what if…", "explain it"),
 *     the topic of q (non-generic words, names), or a standing role set up by q → follow-up;
 *  5. otherwise → unrelated request.
 * heuristic-v15: a choice among what was given ("which of these…") → follow-up, after step 2; the user's own
 * situation then a question about the exchange is never read as a new request by steps 0, 3 or a long turn
 * (own-situation.ts); a short question keeping the exchange's subject is no fresh request; one chance answer word
 * does not make a short task of its own a follow-up.
 */
export function groundingRule(text: string, s: Signals): RuleHit {
  // heuristic-v15: the user's own situation then a question about the exchange is no new task, however much of its
  // own it brings: asked only where a rule would read it as one (own material, a fresh request, a long turn).
  const ownMaterial = ownMaterialRule(text, s);
  if (ownMaterial) return ownSituationRule(text, s) ?? ownMaterial;
  const stat = `shares ${s.inQ} content word(s) with the question and ${s.aOnly} only with the answer; ${Math.round(100 * s.novelRatio)}% of its words are new`;
  // A long turn brings its own material: cues deep inside it ("the previous sentence", "the same word") are
  // about that material. Only a reference in its first sentence counts there.
  // A reference after a first sentence that already stands alone is an instruction for that new task ("How many
  // atoms are in a grain of salt? Try to explain your answer."), and in a turn of ten or more words it must lead.
  const long = s.counted >= 20;
  if (s.strongRef && (s.strongRefLeading || (s.counted < 10 && !s.firstStandsAlone))) {
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
  // heuristic-v15: a choice among, or a part of, what was given ("Which of these would fit…", "Does any of that work…",
  // "この中でどれが…"), in a turn with no block of its own to pick from, wherever it stands: the user's situation comes first.
  if (s.partitiveRef) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.partitive_reference',
      rationale: `Picks among what the answer gave ("${clip(s.partitiveRef, 40)}"); ${stat}.`,
      evidence: clip(s.partitiveRef, 120),
    };
  }
  // A pronoun hook anchors the turn only in its first sentence: in "A train travels 60 mph for 2 h. How far does
  // it go?" the "it" points inside the turn, which is a self-contained problem. A definite reference to a word
  // of the exchange ("the story", "these steps") anchors it too.
  // heuristic-v12: so does a name the answer's code defines ("fib(10)").
  const anchored = s.sharedProper.length > 0 || s.weakRefLeading || s.definiteRef !== null || s.anaphor !== null || s.answerWordLead !== null || s.answerCodeName !== null;
  // A self-contained new task reads as complete on its own. Numbers or words it shares with the answer by chance
  // do not ground it: a problem that brings its own numbers is a new problem even if one of them is also in a.
  // Only multi-digit or decimal numbers tie a turn to the answer (specificNumbers).
  const specificAnswerNumbers = specificNumbers(s.answerNumbers);
  const ownNumbers = s.novelNumbers.length + s.answerNumbers.length;
  const freshProblem =
    !s.hypothetical &&
    s.novelRatio >= 0.6 &&
    ((s.novelNumbers.length >= 2 && s.novelNumbers.length >= 2 * s.answerNumbers.length) ||
      (ownNumbers >= 2 && s.sentenceCount >= 2 && (specificAnswerNumbers.length <= 1 || s.newProper.length > 0)));
  const fewAnswerWords = s.topicAOnly <= 1 || s.topicAOnly <= 0.1 * s.u.size;
  // heuristic-v15: a short question that keeps a subject word of both the question and the answer asks about a
  // neighbouring aspect of that subject ("How far are we from quantum computers that can break RSA?"), not a new task.
  const keepsSubject = s.topicInBoth > 0 && s.counted < 10 && s.sentenceCount === 1 && /[?？]\s*$/.test(text);
  const freshRequest =
    s.u.size >= 6 && s.novelRatio >= 0.6 && fewAnswerWords && s.answerNumbers.length <= 1 && !keepsSubject && (s.u.size >= 12 || s.sentenceCount >= 2 || s.taskOpener !== null);
  if ((freshProblem || freshRequest) && !anchored) {
    const situation = ownSituationRule(text, s);
    if (situation) return situation;
    return {
      label: 'new_unrelated_query',
      rule: 'grounding.fresh_request',
      rationale: `A self-contained new ${freshProblem ? 'problem' : 'request'}: ${stat}${s.novelNumbers.length ? `, with new numbers ${s.novelNumbers.slice(0, 4).join(', ')}` : ''}.`,
      evidence: clip(text, 160),
    };
  }
  // heuristic-v6: the same kind of request about another named subject ("Write a 100-word summary of the causes of
  // the French Revolution" after one about World War I): the question's names are gone and new ones stand in their
  // place, with no hook, reference or answer word tying the turn back.
  if (s.questionNames.length > 0 && !s.keepsQuestionName && s.newProper.length > 0 && s.sharedProper.length === 0 && !s.weakRef && !s.standingRole && !s.hypothetical && s.answerWordLead === null && s.anaphor === null && s.definiteRef === null && (s.taskOpener !== null || s.firstStandsAlone)) {
    return {
      label: 'new_unrelated_query',
      rule: 'grounding.new_subject',
      rationale: `Asks the same kind of thing about another named subject (${s.newProper.slice(0, 3).join(', ')} instead of ${s.questionNames.slice(0, 3).join(', ')}); ${stat}.`,
      evidence: clip(text, 160),
    };
  }
  // Content of the answer, in proportion: a word or number a turn shares with the answer by chance is not a
  // reaction. Short turns need one answer-only word or number; longer ones a fifth of their words (or 3+ numbers).
  // Answer numbers count only when the turn brings none of its own (or asks a what-if).
  const numbersOk = (specificAnswerNumbers.length > 0 || (s.answerNumbers.length > 0 && s.counted < 6)) && (s.novelNumbers.length === 0 || s.hypothetical);
  const answerContent = long
    ? s.topicAOnly >= Math.max(3, 0.25 * s.counted) || (s.answerNumbers.length >= 3 && s.answerNumbers.length > s.novelNumbers.length)
    : s.counted >= 10
      ? (s.topicAOnly >= 2 && s.topicAOnly >= 0.2 * s.counted) || numbersOk
      : (s.topicAOnly > 0 && !loneWordInNewTask(s)) || numbersOk;
  if (long && !anchored && !answerContent) {
    const situation = ownSituationRule(text, s);
    if (situation) return situation;
    return {
      label: 'new_unrelated_query',
      rule: 'grounding.self_contained',
      rationale: `A long turn with its own material and no reference to the answer: ${stat}.`,
      evidence: clip(text, 160),
    };
  }
  if (answerContent) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.answer_content',
      rationale: `Picks up content of the answer (${s.answerNumbers.length ? `numbers ${s.answerNumbers.join(', ')}` : `${s.topicAOnly} answer-only word(s)`}); ${stat}.`,
      evidence: clip(text, 120),
    };
  }
  if (s.answerWordLead && s.newProper.length === 0 && s.novelNumbers.length === 0) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.answer_word',
      rationale: `Asks about something only the answer brought up ("${s.answerWordLead}"); ${stat}.`,
      evidence: clip(text, 120),
    };
  }
  if (s.anaphor) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.comparison',
      rationale: `Asks for something relative to what was given ("${clip(s.anaphor, 40)}"); ${stat}.`,
      evidence: clip(s.anaphor, 120),
    };
  }
  // A hook grounds when it leads the turn, or when the turn shares topic words with the exchange.
  const hookOk = s.weakRefLeading || (s.weakRef !== null && s.topicInQ + s.topicAOnly > 0 && !long);
  // heuristic-v14: an opener ("now", "and") grounds only with a topic word of the exchange, not with a task verb the
  // question also used ("Great, now explain how photosynthesis works" after "Can you explain … quantum computing?").
  const hook = hookOk ? s.weakRef : s.opener && s.topicInQ + s.topicAOnly > 0 && !long ? s.opener : null;
  if (hook) {
    return {
      label: 'genuine_followup',
      rule: 'grounding.conversational_hook',
      rationale: `Continues the conversation ("${clip(hook, 40)}"); ${stat}.`,
      evidence: clip(hook, 120),
    };
  }
  if ((s.topicInQ > 0 && !long) || s.sharedProper.length > 0) {
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
  // heuristic-v6: the default when nothing fires. A new request asks for something complete; a fragment that
  // leans on the conversation ("And for 5 people?", "¿Y en invierno?", "Und ohne Zucker?") or a short statement
  // that asks nothing ("My oven only goes to 200 degrees.") is the user continuing the exchange.
  const words = text.trim().split(/\s+/).filter(Boolean).length + (text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0) / 2;
  if (words <= 6 && ELLIPTICAL.test(text.normalize('NFKC'))) {
    return { label: 'genuine_followup', rule: 'grounding.elliptical', rationale: `A fragment that leans on the conversation; ${stat}.`, evidence: clip(text, 120) };
  }
  if (words <= 12 && !isQuery(text) && s.newProper.length <= 1 && s.novelNumbers.length <= 1) {
    return { label: 'genuine_followup', rule: 'grounding.statement', rationale: `A short statement to the assistant that asks for nothing new; ${stat}.`, evidence: clip(text, 120) };
  }
  return {
    label: 'new_unrelated_query',
    rule: 'grounding.unrelated',
    rationale: `Nothing ties it to the answer or the question: ${stat}.`,
    evidence: clip(text, 160),
  };
}

/**
 * heuristic-v15: a short task of its own ("Write a haiku about the ocean at night" after a poem with "night" in it):
 * it opens as a task, brings two or more topic words of its own, keeps no topic word of the question and only one of
 * the answer, which the answer did not mark, and nothing points back. That one word is there by chance.
 */
function loneWordInNewTask(s: Signals): boolean {
  return (
    s.topicAOnly === 1 && s.topicInQ === 0 && s.topicNovel >= 2 && s.taskOpener !== null && IMPERATIVE.test(s.taskOpener) &&
    s.answerWordLead === null && s.weakRef === null && s.anaphor === null && s.definiteRef === null && s.answerCodeName === null && !s.hypothetical
  );
}
const IMPERATIVE = /^(?:(?:please|kindly)\s+)?(?:write|compose|create|generate|draft|produce|design|tell)$/i;

/** A question that starts with a conjunction or preposition: it needs the conversation to be understood. */
const ELLIPTICAL =
  /^\s*¿?(?:(?:and|or|but|for|in|with|without|only|also|even|same|y|o|pero|para|en|con|sin|solo|sólo|et|ou|mais|pour|avec|sans|und|oder|aber|für|mit|ohne|nur|auch|e|mas|com|sem|só|também)\s[^?？]{0,60}[?？]\s*$|(?:那|还有|那么|じゃあ|では|それで|그럼|그러면)[^?？]{0,30}[?？]\s*$)/iu;
