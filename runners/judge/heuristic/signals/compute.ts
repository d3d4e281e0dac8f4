import { markedWords, properNouns } from '../text/names.ts';
import { normalize, stem } from '../text/normalize.ts';
import { withoutBoilerplate, withoutQuestionCopies } from '../text/own-words.ts';
import { sentences } from '../text/sentences.ts';
import { contentSet, numbers } from '../text/tokens.ts';
import { isGeneric } from '../text/vocabulary.ts';
import { DEFINITE, HYPOTHETICAL, NEW_MARKER, OPENER, PRONOUN, STANDING_ROLE, STOPWORDS_ANY, STRONG_REF, STRONG_REF_ML, TASK_OPENER, WEAK_REF, WEAK_REF_ML } from './cues.ts';
import { anaphorOf, firstCue, standsAlone } from './first-cue.ts';
import { overlap } from './overlap.ts';
import type { Signals } from './types.ts';

/** Measure every signal of one user turn against its question and answer (see Signals). Pure and deterministic. */
export function computeSignals(userTurn: string, question: string, response: string): Signals {
  const u = contentSet(userTurn);
  const q = contentSet(question);
  const a = contentSet(response);
  const { inQ, aOnly, novel, topicInQ, topicAOnly, counted } = overlap(u, q, a);
  // Names count by whole (stemmed) word, and only when they are not generic ("Include", "Answer" in a template).
  const nameKey = (w: string) => stem(w.replace(/'s$/, ''));
  const uProper = [...properNouns(userTurn)].filter((w) => w.length >= 3 && !isGeneric(nameKey(w)) && !STOPWORDS_ANY.test(w));
  const sharedProper = uProper.filter((w) => q.has(nameKey(w)) || a.has(nameKey(w)));
  const newProper = uProper.filter((w) => !q.has(nameKey(w)) && !a.has(nameKey(w)));
  const qNums = new Set(numbers(question));
  const aNums = new Set(numbers(response));
  const uNums = [...new Set(numbers(userTurn))];
  // Reference cues count only in the turn's own words, not in text it copied from the question.
  // Task boilerplate ("your response should…") is an instruction about the reply to come, never a reference.
  const ownWords = withoutBoilerplate(withoutQuestionCopies(userTurn, question));
  let definiteRef: string | null = null;
  for (const m of (sentences(ownWords)[0] ?? '').matchAll(DEFINITE)) {
    const t = stem(normalize(m[1] as string).replace(/'s$/, ''));
    if (!isGeneric(t) && (q.has(t) || a.has(t))) {
      definiteRef = m[0];
      break;
    }
  }
  let answerWordLead: string | null = null;
  if (counted <= 8) {
    const marked = markedWords(response);
    for (const t of contentSet(sentences(ownWords)[0] ?? '')) {
      if (marked.has(t) && !q.has(t) && !isGeneric(t) && !/^\d/.test(t) && (t.length >= 4 || /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2,}$/u.test(t))) {
        answerWordLead = t;
        break;
      }
    }
  }
  const questionNames = [...properNouns(question)].filter((w) => w.length >= 3 && !STOPWORDS_ANY.test(w) && !isGeneric(nameKey(w)));
  const uLower = normalize(userTurn);
  return {
    questionNames,
    keepsQuestionName: questionNames.some((w) => uLower.includes(w)),
    answerWordLead,
    u,
    q,
    a,
    inQ,
    aOnly,
    novelRatio: counted === 0 ? 0 : novel / counted,
    answerNumbers: uNums.filter((n) => aNums.has(n) && !qNums.has(n)),
    novelNumbers: uNums.filter((n) => !aNums.has(n) && !qNums.has(n)),
    sentenceCount: sentences(userTurn).length,
    strongRef: firstCue([...STRONG_REF, STRONG_REF_ML], ownWords, question),
    weakRef: firstCue([...WEAK_REF, WEAK_REF_ML], ownWords, question),
    weakRefLeading:
      firstCue([...WEAK_REF, WEAK_REF_ML], sentences(ownWords)[0] ?? '', question) !== null &&
      (topicInQ + topicAOnly > 0 || (u.size <= 5 && newProper.length === 0) || PRONOUN.test((sentences(ownWords)[0] ?? '').trim())),
    firstStandsAlone: standsAlone(sentences(ownWords)[0] ?? ''),
    strongRefLeading: firstCue([...STRONG_REF, STRONG_REF_ML], sentences(ownWords)[0] ?? '', question) !== null,
    newProper,
    opener: OPENER.exec(userTurn)?.[0].trim() ?? null,
    hypothetical: firstCue([HYPOTHETICAL], ownWords, question) !== null,
    newMarker: NEW_MARKER.exec(userTurn)?.[0].trim() ?? null,
    topicInQ,
    topicAOnly,
    sharedProper,
    standingRole: STANDING_ROLE.test(question),
    definiteRef,
    counted,
    // In the first sentence only, and not in long turns, where it describes the turn's own material.
    anaphor: anaphorOf(ownWords, counted, newProper.length >= 2),
    taskOpener: TASK_OPENER.exec(userTurn)?.[0].trim() ?? null,
    ownWords,
  };
}
