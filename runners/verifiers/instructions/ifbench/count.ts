import { wordTokenize } from '../../text/words.ts';
import { PUNCTUATION, deleteChars, isDigit, pySplit, strip, wordBoundaryPattern, wordTokens } from '../../text/py.ts';
import { check, num, str, type InstructionCheck } from '../types.ts';

const PUNCT_SPACE = PUNCTUATION + ' ';
const CONJUNCTIONS = new Set(['and', 'but', 'for', 'nor', 'or', 'so', 'yet']);

/** count:conjunctions: at least N different coordinating conjunctions (distinct as written, as the reference). */
export const conjunctions: InstructionCheck = (value, kw) => {
  const n = num(kw, 'small_n');
  const found = new Set(pySplit(value).filter((w) => CONJUNCTIONS.has(strip(w, PUNCT_SPACE).toLowerCase())));
  return check(found.size >= n, () => `${found.size} different coordinating conjunctions, expected at least ${n}`);
};

/** Python str.count: non-overlapping occurrences. */
function countSubstr(hay: string, needle: string): number {
  if (needle === '') return Array.from(hay).length + 1;
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** count:keywords_multiple: keywords 1..5 appear exactly 1, 2, 3, 5 and 7 times (case-insensitive substrings). */
export const keywordsMultiple: InstructionCheck = (value, kw) => {
  const lower = value.toLowerCase();
  const wants = [1, 2, 3, 5, 7];
  for (let i = 0; i < 5; i++) {
    const k = str(kw, `keyword${i + 1}`).trim();
    const actual = countSubstr(lower, k.toLowerCase());
    if (actual !== wants[i]) return check(false, `"${k}" appears ${actual} times, expected ${wants[i]}`);
  }
  return check(true, '');
};

/** count:numbers: exactly N numbers (digit runs after removing punctuation). */
export const numbers: InstructionCheck = (value, kw) => {
  const n = num(kw, 'N');
  const actual = (deleteChars(value, PUNCTUATION).match(/\p{Nd}+/gu) ?? []).length;
  return check(actual === n, () => `${actual} numbers, expected exactly ${n}`);
};

const NAMES = [
  'Emma', 'Liam', 'Sophia', 'Jackson', 'Olivia', 'Noah', 'Ava', 'Lucas', 'Isabella', 'Mason', 'Mia', 'Ethan',
  'Charlotte', 'Alexander', 'Amelia', 'Benjamin', 'Harper', 'Leo', 'Zoe', 'Daniel', 'Chloe', 'Samuel', 'Lily',
  'Matthew', 'Grace', 'Owen', 'Abigail', 'Gabriel', 'Ella', 'Jacob', 'Scarlett', 'Nathan', 'Victoria', 'Elijah',
  'Layla', 'Nicholas', 'Audrey', 'David', 'Hannah', 'Christopher', 'Penelope', 'Thomas', 'Nora', 'Andrew', 'Aria',
  'Joseph', 'Claire', 'Ryan', 'Stella', 'Jonathan',
];
const NAME_RES = NAMES.map((n) => new RegExp(wordBoundaryPattern(n), 'u'));

/** count:person_names: at least N different names from the fixed list (case-sensitive whole words). */
export const personNames: InstructionCheck = (value, kw) => {
  const n = num(kw, 'N');
  const actual = NAME_RES.filter((re) => re.test(value)).length;
  return check(actual >= n, () => `${actual} different names from the list, expected at least ${n}`);
};

const PRONOUNS = new Set([
  'i', 'me', 'we', 'us', 'you', 'he', 'him', 'she', 'her', 'it', 'they', 'them', 'my', 'mine', 'our', 'ours', 'your',
  'yours', 'his', 'hers', 'its', 'their', 'theirs', 'myself', 'ourselves', 'yourself', 'yourselves', 'himself',
  'herself', 'itself', 'themselves', 'this', 'that', 'these', 'those', 'who', 'whom', 'whose', 'which', 'what',
  'whoever', 'whomever', 'whatever', 'whichever', 'anybody', 'anyone', 'anything', 'everybody', 'everyone',
  'everything', 'nobody', 'nothing', 'somebody', 'someone', 'something', 'each', 'either', 'neither', 'both', 'all',
  'some', 'any', 'none',
]);

/** count:pronouns: at least N pronouns (NLTK word tokens, lowercased). */
export const pronouns: InstructionCheck = (value, kw) => {
  const n = num(kw, 'N');
  const actual = wordTokenize(value.replaceAll('/', ' ').toLowerCase()).filter((w) => PRONOUNS.has(w)).length;
  return check(actual >= n, () => `${actual} pronouns, expected at least ${n}`);
};

/** count:punctuation: uses . , ! ? ; : and an interrobang (?! or !? or ‽). */
export const punctuation: InstructionCheck = (value) => {
  if (!(value.includes('!?') || value.includes('?!') || value.includes('‽'))) return check(false, 'no interrobang (?! or ‽)');
  let rest = value.replace('?!', '');
  if (rest.length === value.length) rest = value.replace('!?', '');
  const missing = ['.', ',', '!', '?', ';', ':'].filter((p) => !rest.includes(p));
  return check(missing.length === 0, () => `missing punctuation: ${missing.join(' ')}`);
};

/** count:unique_word_count: at least N unique words (lowercased, outer punctuation stripped). */
export const uniqueWordCount: InstructionCheck = (value, kw) => {
  const n = num(kw, 'N');
  const actual = new Set(pySplit(value.toLowerCase()).map((w) => strip(w, PUNCT_SPACE))).size;
  return check(actual >= n, () => `${actual} unique words, expected at least ${n}`);
};

/** count:word_count_range: between min and max `\w+` words. */
export const wordCountRange: InstructionCheck = (value, kw) => {
  const lo = num(kw, 'min_words');
  const hi = num(kw, 'max_words');
  const actual = wordTokens(value).length;
  return check(lo <= actual && actual <= hi, () => `${actual} words, expected between ${lo} and ${hi}`);
};

const JAPANESE_RE = /[\u3040-\u30ff\u4e00-\u9fff]/u;

/** count:words_japanese: every Nth whitespace word (non-numeric) contains Japanese characters. */
export const wordsJapanese: InstructionCheck = (value, kw) => {
  const n = num(kw, 'N');
  if (!(n > 0)) throw new Error(`N must be positive, got ${n}`);
  const words = pySplit(value);
  for (let i = 0; i < words.length; i++) {
    const w = strip(words[i]!, PUNCT_SPACE);
    if ((i + 1) % n === 0 && w && !isDigit(w) && !JAPANESE_RE.test(w)) return check(false, `word ${i + 1} ("${w.slice(0, 40)}") is not Japanese`);
  }
  return check(true, '');
};

