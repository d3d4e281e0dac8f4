import { CALENDAR_NAME, FUTURE_REF, NOT_A_PROBLEM_OPENING, PAST_REF } from '../signals/cues.ts';
import type { Signals } from '../signals/types.ts';
import { clip, sentences } from '../text/sentences.ts';
import { EAST_ASIAN, numbersAndWords, specificNumbers } from '../text/tokens.ts';
import type { RuleHit } from '../types.ts';

const ANNOUNCING_CONNECTIVE = /^\W*(?:also|now|next|ok(?:ay)?|alright|all right)\s*[,:;.!-]\s*/i;

/**
 * heuristic-v7: a turn that brings its own material is a new request, whatever hooks it contains. Swapped in after
 * another item's exchange, dataset prompts read as follow-ups through cues that point inside the prompt itself
 * ("Summarize this <excerpt>", "Is this correct? <claim>", "why was there fear…" in a long passage), a word or two
 * of shared topic, or task boilerplate about the reply to come ("give your answer in…"). Two shapes, checked before
 * every other grounding rule:
 *  - mostly new words: 12 or more counted words, at least 70% of them in neither the question nor the answer, at
 *    most one answer-only topic word and one specific answer number; not for text with Chinese, Japanese or Korean
 *    in it, whose tokens are characters (the thresholds were set on words);
 *  - a word problem: two or more sentences, the first a statement that does not open as a user's own turn does
 *    ("I…", "If…", "So…", "it…"), two or more numbers, ending in a question; with no explicit reference at all.
 * Either way the turn must not keep a name of the question (a person, a place; days and months do not count), ask a
 * what-if (unless it is long: 20 counted words or more), or refer to what the assistant wrote ("your previous
 * response", "you said", "above").
 */
export function ownMaterialRule(text: string, s: Signals): RuleHit | null {
  // A what-if varies the exchange; in a long turn of new words "instead" or "what if" belongs to its own scenario.
  if (s.hypothetical && s.counted < 20) return null;
  const keepsName = s.sharedProper.some((w) => !CALENDAR_NAME.test(w) && s.questionNames.includes(w));
  const specificAnswerNumbers = specificNumbers(s.answerNumbers);
  // heuristic-v15: nor when it picks among what was given ("Which of these would fit a schedule like mine?").
  if (keepsName || specificAnswerNumbers.length > 1 || s.partitiveRef !== null) return null;
  const refersBack = s.strongRef !== null && PAST_REF.test(s.strongRef) && !FUTURE_REF.test(text);
  const stat = `${Math.round(100 * s.novelRatio)}% of its ${s.counted} counted words are new, ${s.topicAOnly} answer-only topic word(s)`;
  // Chinese, Japanese and Korean are counted by characters: the word thresholds do not apply to them.
  if (!refersBack && !EAST_ASIAN.test(text) && s.counted >= 12 && s.novelRatio >= 0.7 && s.topicAOnly <= 1) {
    return { label: 'new_unrelated_query', rule: 'grounding.own_material', rationale: `A request with its own material and no reference to the answer: ${stat}.`, evidence: clip(text, 160) };
  }
  // heuristic-v12: not when it uses a name the answer's code defines ("Output: 55 for fib(10), but I expected 89…").
  if (s.strongRef === null && s.answerCodeName === null && isWordProblem(text)) {
    return { label: 'new_unrelated_query', rule: 'grounding.word_problem', rationale: `A word problem of its own (statements with numbers, then a question): ${stat}.`, evidence: clip(text, 160) };
  }
  return null;
}

function isWordProblem(text: string): boolean {
  // heuristic-v8: a connective that only announces the next task ("Also, …", "Now: …", "Next, …", "OK, …") is not
  // the problem's opening.
  const parts = sentences(text.replace(ANNOUNCING_CONNECTIVE, ''));
  if (parts.length < 2) return false;
  const first = parts[0] as string;
  const last = parts[parts.length - 1] as string;
  if (/[^\x00-\x7f]/.test(first.charAt(0)) || NOT_A_PROBLEM_OPENING.test(first) || /\?\s*$/.test(first)) return false;
  if (!/\?\s*$/.test(last) && !/^\s*(?:how|what|find|calculate|determine)\b/i.test(last)) return false;
  return numbersAndWords(text).length >= 2;
}
