import { anaphorOf } from '../signals/first-cue.ts';
import type { Signals } from '../signals/types.ts';
import { clip, sentences } from '../text/sentences.ts';
import { contentSet } from '../text/tokens.ts';
import { isCodeFormWord, isGeneric, isInstructionWord } from '../text/vocabulary.ts';
import type { RuleHit } from '../types.ts';

/** How a user's account of their own situation opens ("I work night shifts…", "My folder has…", "Here's my day:"). */
const FIRST_PERSON = /^\W*(?:i|i'm|i've|i'd|my|we|we're|we've|our|here(?:'s| is) (?:what|how|my|our))\b/i;
/** A request to make something new ("Can you write a program that…"), not a question about what was given ("make it faster"). */
const MAKE_REQUEST = /^\W*(?:(?:please|kindly)\s+)?(?:(?:can|could|would|will) you (?:please )?)?(?:write|compose|create|generate|draft|make|produce|design|develop|build|implement|code)\b(?! (?:it|this|that|them)\b)/i;
/** A question of a word problem ("How many…", "How much…"): a problem told in the first person asks one. */
const PROBLEM_QUESTION = /^\W*how (?:many|much)\b/i;

/**
 * heuristic-v15: the user's own situation, then a question about the answer ("I work night shifts… Where would
 * time-blocking fit in a day like that?", "My folder has 3,000 files… Is there a way to make it faster?"). The turn
 * opens in the first person and ends in a short question that names a topic word of the exchange (in the question or
 * the answer, not generic) or compares with what was given: it applies the answer to the user's case, however many
 * words and numbers of its own come first. Not a word problem in the first person ("How many…?" with two numbers of
 * its own), not a request to make something new ("Can you write a program that…"), not an announced new question.
 */
export function ownSituationRule(text: string, s: Signals): RuleHit | null {
  if (s.newMarker !== null || !FIRST_PERSON.test(text)) return null;
  const parts = sentences(text);
  if (parts.length < 2) return null;
  const last = parts[parts.length - 1] as string;
  if (!/[?？]\s*$/.test(last) || last.split(/\s+/).length > 25) return null;
  if ((PROBLEM_QUESTION.test(last) && s.novelNumbers.length >= 2) || MAKE_REQUEST.test(last)) return null;
  const form = (t: string) => isGeneric(t) || isInstructionWord(t) || (s.codeExchange && isCodeFormWord(t));
  const word = [...contentSet(last)].find((t) => !form(t) && !/^\d/.test(t) && (s.q.has(t) || s.a.has(t)));
  const tie = word ?? anaphorOf(last, 0, false);
  if (tie === undefined || tie === null) return null;
  return {
    label: 'genuine_followup',
    rule: 'grounding.own_situation',
    rationale: `The user's own situation, then a question about the exchange ("${clip(tie, 40)}" in "${clip(last, 80)}").`,
    evidence: clip(last, 120),
  };
}
