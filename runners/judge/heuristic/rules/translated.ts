import { contextNumberSet } from '../text/context.ts';
import { memoOfText } from '../text/memo.ts';
import { inAnotherScript } from '../text/scripts.ts';
import { clip } from '../text/sentences.ts';
import { numbers } from '../text/tokens.ts';
import { stem } from '../text/normalize.ts';
import { isCodeFormWord } from '../text/vocabulary.ts';
import type { Signals } from '../signals/types.ts';
import type { RuleHit } from '../types.ts';

/**
 * heuristic-v14: the question restated in another script ("开发一个Python程序…前5个单词" after "Develop a Python
 * program … top-5 words …"). A translation shares no word with the question, but it keeps what translation leaves as
 * it is: the question's numbers and its Latin-script names and terms (GPS, a function name; a language is the form), and about its
 * length. So: a turn mostly in a script neither the question nor the answer uses, that keeps at least one such anchor
 * and at least half of the question's, brings none of its own (a new number or Latin term: a new task, "用JavaScript
 * 写…"; one from the answer: a follow-up, "Counter.most_common(5)…"), refers to nothing the assistant wrote, asks
 * no variation and is 0.6–1.7 times the question's length, is the question asked again. A translated question with no
 * number or Latin term is not recognised (its words would need a dictionary).
 */

/** A Latin-script word or code term (two characters or more) kept inside non-Latin text. */
const LATIN_TERM = /[A-Za-z][A-Za-z0-9_+#.-]*[A-Za-z0-9+#]/g;
const HAN_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** The question's Latin-script terms, lower-cased, each also split at its dots and dashes ("top-5": top, 5). */
const questionTerms = memoOfText((question: string) => {
  const set = new Set<string>();
  for (const t of question.toLowerCase().match(LATIN_TERM) ?? []) {
    set.add(t);
    for (const part of t.split(/[._+#-]+/)) if (part !== '') set.add(part);
  }
  return set;
});

/** About a word count: words between blanks, with Chinese and Japanese characters at 1.6 a word. */
function size(text: string): number {
  const cjk = text.match(HAN_KANA)?.length ?? 0;
  const words = text.replace(HAN_KANA, ' ').split(/[\s,.;:!?，。；：！？、]+/u).filter(Boolean).length;
  return words + cjk / 1.6;
}

export function translatedRestatementRule(text: string, question: string, response: string, s: Signals): RuleHit | null {
  if (s.strongRef || s.hypothetical || s.newMarker || s.anaphor || s.definiteRef || s.aOnly > 0) return null;
  if (s.novelNumbers.length > 0 || s.answerNumbers.length > 0) return null;
  const ratio = size(text) / size(question);
  if (ratio < 0.6 || ratio > 1.7) return null;
  if (!inAnotherScript(text, question, response)) return null;
  const terms = [...new Set((text.match(LATIN_TERM) ?? []).map((t) => t.toLowerCase()))];
  const qAll = questionTerms(question);
  if (!terms.every((t) => qAll.has(t))) return null;
  const uNums = new Set(numbers(text));
  const qNums = [...contextNumberSet(question)];
  const qTerms = new Set(s.questionNames.map((w) => w.toLowerCase()));
  const kept = terms.filter((t) => qTerms.has(t)).length + qNums.filter((n) => uNums.has(n)).length;
  // A language or "function" is a coding request's form, not its subject: "Напишите функцию на Python, которая считает
  // согласные…" after "…counts the vowels…" keeps Python and asks for something else.
  const anchors = terms.filter((t) => !isCodeFormWord(stem(t))).length + uNums.size;
  if (anchors === 0 || kept < 0.5 * (qTerms.size + qNums.length)) return null;
  return {
    label: 'prompt_restatement',
    rule: 'restatement.translated',
    rationale: `Asks the question again in another script: it keeps the question's ${[...terms, ...uNums].slice(0, 4).join(', ')}, brings no number or term of its own or of the answer, refers to nothing the assistant wrote and is ${ratio.toFixed(1)} times the question's length.`,
    evidence: clip(text, 160),
  };
}
