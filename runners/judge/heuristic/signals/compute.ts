import { contextCodeNames, contextContentSet, contextMarkedWords, contextNumberSet } from '../text/context.ts';
import { memoOfText } from '../text/memo.ts';
import { properNouns } from '../text/names.ts';
import { normalize, stem } from '../text/normalize.ts';
import { ownWords as ownWordsOf } from '../text/own-words.ts';
import { sentences } from '../text/sentences.ts';
import { inAnotherScript } from '../text/scripts.ts';
import { contentSet, numbers } from '../text/tokens.ts';
import { isCodeFormWord, isGeneric } from '../text/vocabulary.ts';
import { DEFINITE, HYPOTHETICAL, NEW_MARKER, OPENER, PARTITIVE_REF, PRONOUN, PRONOUN_ML, STANDING_ROLE, STOPWORDS_ANY, STRONG_REF, STRONG_REF_ML, STRONG_REF_MORE, STRONG_REF_YOURS, TASK_OPENER, WEAK_REF, WEAK_REF_ML, WEAK_REF_MORE } from './cues.ts';
import { anaphorOf, firstCue, standsAlone } from './first-cue.ts';
import { overlap } from './overlap.ts';
import type { Signals } from './types.ts';

const STRONG_CUES = [...STRONG_REF, STRONG_REF_ML, STRONG_REF_MORE, STRONG_REF_YOURS];
const WEAK_CUES = [...WEAK_REF, WEAK_REF_ML, WEAK_REF_MORE];
const HYPOTHETICAL_CUES = [HYPOTHETICAL];

/** A block the turn brings: code, a line break, a quotation, or a colon introducing material. */
const OWN_BLOCK = /```|\n|["“”«»「」『』]|:\s*\S/;

/** PARTITIVE_REF in the turn, unless the noun it names is in neither q nor a ("which of those chords" after sleep tips). */
function partitiveOf(ownWords: string, q: Set<string>, a: Set<string>): string | null {
  const m = PARTITIVE_REF.exec(ownWords);
  if (m === null) return null;
  const noun = [...contentSet(m[1] ?? '')].find((t) => !isGeneric(t));
  return noun === undefined || q.has(noun) || a.has(noun) ? m[0] : null;
}

/** Names count by whole (stemmed) word, and only when they are not generic ("Include", "Answer" in a template). */
const nameKey = (w: string) => stem(w.replace(/'s$/, ''));

/** The names of a text that count: three letters or more, neither a stop word nor generic. */
const namesIn = (text: string): string[] => [...properNouns(text)].filter((w) => w.length >= 3 && !STOPWORDS_ANY.test(w) && !isGeneric(nameKey(w)));

/** What the signals read from the question alone (memoised: one question is judged many times in a row). */
const questionFacts = memoOfText((question: string) => ({
  names: namesIn(question),
  standingRole: STANDING_ROLE.test(question),
}));

/** Measure every signal of one user turn against its question and answer (see Signals). Pure and deterministic. */
export function computeSignals(userTurn: string, question: string, response: string): Signals {
  const u = contentSet(userTurn);
  const q = contextContentSet(question);
  const a = contextContentSet(response);
  const codeExchange = response.includes('```');
  const { inQ, aOnly, novel, topicInQ, topicAOnly, topicNovel, counted, topicInBoth } = overlap(u, q, a, codeExchange);
  // heuristic-v12: after an answer with code, a language's name ("JavaScript", "Python") is the request's form, not a
  // name that ties two turns together.
  const uProper = codeExchange ? namesIn(userTurn).filter((w) => !isCodeFormWord(nameKey(w))) : namesIn(userTurn);
  const sharedProper = uProper.filter((w) => q.has(nameKey(w)) || a.has(nameKey(w)));
  const newProper = uProper.filter((w) => !q.has(nameKey(w)) && !a.has(nameKey(w)));
  const qNums = contextNumberSet(question);
  const aNums = contextNumberSet(response);
  const uNums = [...new Set(numbers(userTurn))];
  // v10: a hook in a script the exchange does not use grounds the turn only with one of the exchange's numbers ("А если
  // ставка 7%, сколько будет за 3 года?"): no word can be shared, and a hook alone opens new questions too.
  const sharesNumber = uNums.some((n) => qNums.has(n) || aNums.has(n));
  // Reference cues count only in the turn's own words, not in text it copied from the question.
  // Task boilerplate ("your response should…") is an instruction about the reply to come, never a reference.
  const ownWords = ownWordsOf(userTurn, question);
  const first = sentences(ownWords)[0] ?? '';
  let definiteRef: string | null = null;
  for (const m of first.matchAll(DEFINITE)) {
    const t = stem(normalize(m[1] as string).replace(/'s$/, ''));
    if (!isGeneric(t) && (q.has(t) || a.has(t))) {
      definiteRef = m[0];
      break;
    }
  }
  let answerWordLead: string | null = null;
  if (counted <= 8) {
    const marked = contextMarkedWords(response);
    for (const t of contentSet(first)) {
      if (marked.has(t) && !q.has(t) && !isGeneric(t) && !/^\d/.test(t) && (t.length >= 4 || /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]{2,}$/u.test(t))) {
        answerWordLead = t;
        break;
      }
    }
  }
  // heuristic-v12: a name the answer's code defines, used in the turn ("fib(10)", "the LRUCache"): the turn is about that code.
  let answerCodeName: string | null = null;
  if (codeExchange) {
    const defined = contextCodeNames(response);
    for (const t of u) {
      if (defined.has(t) && !q.has(t)) {
        answerCodeName = t;
        break;
      }
    }
  }
  const facts = questionFacts(question);
  const questionNames = codeExchange ? facts.names.filter((w) => !isCodeFormWord(nameKey(w))) : facts.names;
  const standingRole = facts.standingRole;
  // A one-sentence turn is its own first sentence: its cues there are the ones already found.
  const strongRef = firstCue(STRONG_CUES, ownWords, question);
  const weakRef = firstCue(WEAK_CUES, ownWords, question);
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
    strongRef,
    weakRef,
    weakRefLeading:
      (first === ownWords ? weakRef : firstCue(WEAK_CUES, first, question)) !== null &&
      (topicInQ + topicAOnly > 0 || (u.size <= 5 && newProper.length === 0) || PRONOUN.test(first.trim()) || PRONOUN_ML.test(first.trim()) || (sharesNumber && inAnotherScript(userTurn, question, response))),
    firstStandsAlone: standsAlone(first),
    strongRefLeading: (first === ownWords ? strongRef : firstCue(STRONG_CUES, first, question)) !== null,
    newProper,
    opener: OPENER.exec(userTurn)?.[0].trim() ?? null,
    hypothetical: firstCue(HYPOTHETICAL_CUES, ownWords, question) !== null,
    newMarker: NEW_MARKER.exec(userTurn)?.[0].trim() ?? null,
    topicInQ,
    topicAOnly,
    topicNovel,
    topicInBoth,
    // A turn with a block of its own (code, a quotation, lines, "…:") has its own items to pick from.
    partitiveRef: OWN_BLOCK.test(userTurn) ? null : partitiveOf(ownWords, q, a),
    codeExchange,
    answerCodeName,
    sharedProper,
    standingRole,
    definiteRef,
    counted,
    // In the first sentence only, and not in long turns, where it describes the turn's own material.
    anaphor: anaphorOf(first, counted, newProper.length >= 2),
    taskOpener: TASK_OPENER.exec(userTurn)?.[0].trim() ?? null,
    ownWords,
  };
}
