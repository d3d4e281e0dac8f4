import { sentTokenize } from '../../text/sentences.ts';
import { ENGLISH_STOPWORDS } from '../../text/stopwords.ts';
import { cpLen, strip, wordTokens } from '../../text/py.ts';
import { check, num, str, type InstructionCheck } from '../types.ts';

/** Character trigrams of a text, as `set(nltk.ngrams(text, 3))` over a string (code points). */
function charTrigrams(s: string): Set<string> {
  const cps = Array.from(s);
  const out = new Set<string>();
  for (let i = 0; i + 3 <= cps.length; i++) out.add(cps[i]! + '\u0000' + cps[i + 1]! + '\u0000' + cps[i + 2]!);
  return out;
}

/**
 * ratio:overlap: trigram overlap with the reference text within ±2 points of the percentage. As in IFBench at the
 * dataset's commit, trigrams are taken over characters (nltk.ngrams applied to the string).
 */
export const overlap: InstructionCheck = (value, kw) => {
  const pct = num(kw, 'percentage');
  const ref = charTrigrams(str(kw, 'reference_text'));
  const grams = charTrigrams(value);
  if (grams.size === 0) return check(false, 'response too short for trigrams');
  let shared = 0;
  for (const g of grams) if (ref.has(g)) shared++;
  const actual = (100 * shared) / grams.size;
  return check(pct - 2 <= actual && actual <= pct + 2, () => `trigram overlap ${actual.toFixed(1)}%, expected ${pct}% ± 2`);
};

function sentenceTypes(value: string): { d: number; q: number; e: number } {
  let d = 0;
  let q = 0;
  let e = 0;
  for (const s of sentTokenize(value)) {
    if (s.endsWith('.')) d++;
    if (s.endsWith('?')) q++;
    if (s.endsWith('!')) e++;
  }
  return { d, q, e };
}

/** ratio:sentence_balance: equal numbers of declarative, interrogative and exclamatory sentences. */
export const sentenceBalance: InstructionCheck = (value) => {
  const { d, q, e } = sentenceTypes(value);
  return check(d === q && q === e, `${d} declarative, ${q} interrogative, ${e} exclamatory sentences: not balanced`);
};

/** ratio:sentence_type: twice as many declarative as interrogative sentences. */
export const sentenceType: InstructionCheck = (value) => {
  const { d, q } = sentenceTypes(value);
  return check(d === 2 * q, `${d} declarative and ${q} interrogative sentences: not 2:1`);
};

/** ratio:sentence_words: exactly three sentences of the same length in characters. */
export const sentenceWords: InstructionCheck = (value) => {
  const sentences = sentTokenize(value);
  if (sentences.length !== 3) return check(false, `${sentences.length} sentences, expected 3`);
  const lens = sentences.map((s) => cpLen(strip(s)));
  return check(lens.every((l) => l === lens[0]), `sentence lengths ${lens.join(', ')} differ`);
};

/** ratio:stop_words: stop words are at most the given percentage of `\w+` words. */
export const stopWords: InstructionCheck = (value, kw) => {
  const pct = num(kw, 'percentage');
  const tokens = wordTokens(value);
  if (tokens.length === 0) return check(false, 'no words');
  const stops = tokens.filter((t) => ENGLISH_STOPWORDS.has(t.toLowerCase())).length;
  const actual = (100 * stops) / tokens.length;
  return check(actual <= pct, () => `stop words are ${actual.toFixed(1)}% of words, expected at most ${pct}%`);
};
