import { contextMarkedWords, contextNormalized, contextNumbersAndWords, contextWordingKeys } from '../text/context.ts';
import { normalize } from '../text/normalize.ts';
import { answerArtefactRef } from '../text/artefact-ref.ts';
import { clip } from '../text/sentences.ts';
import { swappedSubject } from '../text/subject-swap.ts';
import { everyIn } from '../text/substrings.ts';
import { numbersAndWords, wordingKeys } from '../text/tokens.ts';
import { isCodeFormWord, isGeneric, isInstructionWord, isTextKind } from '../text/vocabulary.ts';
import type { Signals } from '../signals/types.ts';
import type { RuleHit } from '../types.ts';

/**
 * prompt_restatement: the turn repeats, paraphrases or re-asks q without reacting to a. Measured by normalised
 * content-token overlap: most of the turn's words come from q, it covers much of q, it uses (almost) nothing only
 * the answer contains, and it makes no explicit reference to the answer.
 */
export function restatementRule(text: string, question: string, response: string, s: Signals): RuleHit | null {
  // A restatement keeps the question's named entities and adds none: "…the causes of the French Revolution" after
  // "…the causes of World War I" is a new task in the same form.
  if (s.u.size === 0 || s.q.size === 0 || s.strongRef || s.hypothetical || s.newMarker) return null;
  const qText = contextNormalized(question);
  const firstWord = normalize(text).match(/\p{L}+/u)?.[0];
  if (!everyIn(qText, s.newProper.filter((w) => w !== firstWord))) return null;
  // heuristic-v6: a numeric problem asked again in other words or another language: every number of q (two or
  // more, one of them with two or more digits: "4 paragraphs, two new lines" is a format, not a problem) comes back, and nothing else: no new number, no number of the answer.
  const qNums = [...new Set(contextNumbersAndWords(question))].filter((n) => n !== '1');
  const uNumsAll = new Set(numbersAndWords(text));
  if (qNums.length >= 2 && qNums.some((n) => n.length >= 2) && qNums.every((n) => uNumsAll.has(n)) && s.novelNumbers.length === 0 && s.answerNumbers.length === 0) {
    return {
      label: 'prompt_restatement',
      rule: 'restatement.same_numbers',
      rationale: `Asks the question's problem again: all ${qNums.length} of its numbers return and none is new or from the answer.`,
      evidence: clip(text, 160),
    };
  }
  // heuristic-v8: the question's template about another subject is a new task ("Write a good name for a white cat.
  // Your answer must contain a title…" after the same for a black dog): when the turn brings two or more topic words of
  // its own (a quarter of its topic or more) and keeps less than 40% of the question's topic, what reads as a
  // restatement below is labelled new_unrelated_query (restatement.new_subject): it shares the boilerplate, not the task.
  const swapped = swapsTopic(s);
  // heuristic-v13: "Could the query also…" names the answer's query (artefact-ref.ts): a reaction, not a re-ask. And
  // the question's wording with one subject swapped for another is a new task in the same form (subject-swap.ts).
  const restated = (rule: string, rationale: string): RuleHit | null => {
    if (swapped) return { label: 'new_unrelated_query', rule: 'restatement.new_subject', rationale: `The question's template about another subject (${s.topicNovel} topic word(s) of its own, ${s.topicInQ} of the question's): a new task. ${rationale}`, evidence: clip(text, 160) };
    if (answerArtefactRef(s.ownWords, question) !== null) return null;
    const swap = swappedSubject(text, question, (t) => s.a.has(t) && isSubject(t, s.codeExchange), (t) => !s.q.has(t) && !s.a.has(t) && isSubject(t, s.codeExchange));
    if (swap !== null) return { label: 'new_unrelated_query', rule: 'restatement.swapped_subject', rationale: `The question's wording with its subject swapped (${swap}): a new task in the same form. ${rationale}`, evidence: clip(text, 160) };
    return { label: 'prompt_restatement', rule, rationale, evidence: clip(text, 160) };
  };
  // heuristic-v6: a paraphrase compared by wording keys (character bigrams of Chinese, Japanese and Korean, word
  // prefixes elsewhere: no segmentation or stemming needed): it covers 40% of the question's wording, a quarter of its own
  // wording is the question's, and at most a fifth comes from the answer alone.
  // A variation ("what if", "e se", "如果") that the question does not itself contain is not a restatement.
  const variation = HYPOTHETICAL_ML.exec(text);
  if (variation && !qText.includes(normalize(variation[0]).trim())) return null;
  // A numeric question restated carries its data: when none of its numbers return, the turn asks something else
  // about it ("What's the area of the circle circumscribing the triangle?").
  if (qNums.length >= 2 && !qNums.some((n) => uNumsAll.has(n))) return null;
  const ub = wordingKeys(text);
  const qb = contextWordingKeys(question);
  if (ub.size >= 4 && qb.size > 0) {
    const aOnlyB = contextWordingKeys(response);
    let inQb = 0;
    let onlyA = 0;
    for (const b of ub) {
      if (qb.has(b)) inQb++;
      else if (aOnlyB.has(b)) onlyA++;
    }
    let cover = 0;
    for (const b of qb) if (ub.has(b)) cover++;
    if (cover / qb.size >= 0.4 && inQb / ub.size >= 0.25 && onlyA / ub.size <= 0.2 && takesNoMarkedWord(s, response) && s.answerNumbers.length === 0 && s.novelNumbers.length === 0) {
      return restated(
        'restatement.paraphrase',
        `Paraphrases the question: it covers ${Math.round((100 * cover) / qb.size)}% of the question's wording keys, ${Math.round((100 * inQb) / ub.size)}% of its own are the question's, ${Math.round((100 * onlyA) / ub.size)}% the answer's alone.`,
      );
    }
  }
  const fromQ = s.inQ / s.u.size;
  const coverQ = s.inQ / s.q.size;
  const aOnlyOk = s.aOnly <= Math.max(1, Math.floor(0.1 * s.u.size)) && s.answerNumbers.length === 0;
  if (!aOnlyOk) return null;
  const stats = `${Math.round(100 * fromQ)}% of its content words are from the question, covering ${Math.round(100 * coverQ)}% of it`;
  if (fromQ >= 0.7 && coverQ >= 0.5) {
    return restated('restatement.overlap', `Repeats the question: ${stats}.`);
  }
  // Re-ask: short turn that is almost entirely the question's words and asks it again.
  if (fromQ >= 0.6 && coverQ >= 0.35 && s.u.size >= 3 && !s.weakRef) {
    return restated('restatement.reask', `Re-asks the question: ${stats}.`);
  }
  return null;
}

function swapsTopic(s: Signals): boolean {
  const own = s.topicNovel;
  return own >= 2 && own >= 0.25 * (own + s.topicInQ + s.topicAOnly) && s.topicInQ < 0.4 * questionTopic(s.q, s.codeExchange);
}

/**
 * What a task can be about: neither generic nor constraint vocabulary nor a number nor a kind of text; after an answer
 * with code, nor a coding request's form word.
 */
function isSubject(t: string, codeExchange: boolean): boolean {
  return !isGeneric(t) && !isInstructionWord(t) && !isTextKind(t) && !/^\d/.test(t) && !(codeExchange && isCodeFormWord(t));
}

/**
 * The question's topic words (neither generic nor constraint vocabulary nor numbers; after an answer with code, nor a
 * coding request's form words), counted once per question and kind of exchange.
 */
const topicCounts = new WeakMap<Set<string>, [plain: number, code: number]>();
function questionTopic(q: Set<string>, codeExchange: boolean): number {
  let n = topicCounts.get(q);
  if (n === undefined) {
    n = [0, 0];
    for (const t of q) {
      if (isGeneric(t) || isInstructionWord(t) || /^\d/.test(t)) continue;
      n[0]++;
      if (!isCodeFormWord(t)) n[1]++;
    }
    topicCounts.set(q, n);
  }
  return codeExchange ? n[1] : n[0];
}

/** A variation of the problem ("what if", "e se", "und wenn", "如果", "もし", "만약"): not a restatement. */
const HYPOTHETICAL_ML = /\b(?:what|how) about\b|\bwhat if\b|\binstead\b|\bsuppose\b|^\s*(?:and|but|wait|why)\b|\by si\b|\bet si\b|\bund wenn\b|\bwas wäre\b|(?:^|\s)e se\b|如果|假如|もし|만약|^(?:那|じゃあ|그럼)/iu;

/**
 * The turn takes nothing specific from the answer: no word of the answer that the question lacks, or a single plain
 * one ("chaque mois" after "pendant un mois"); a word the answer marked (a name, an emphasised or listed term:
 * "Is Sintra doable…?") is a reaction to the answer.
 */
function takesNoMarkedWord(s: Signals, response: string): boolean {
  const fromA = [...s.u].filter((t) => !s.q.has(t) && s.a.has(t) && !isGeneric(t));
  return fromA.length === 0 || (fromA.length === 1 && !contextMarkedWords(response).has(fromA[0] as string));
}
