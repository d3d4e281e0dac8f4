import { firstTokenTag } from '../../text/pos.ts';
import { sentTokenize } from '../../text/sentences.ts';
import { countSyllables } from '../../text/syllables.ts';
import { wordTokenize } from '../../text/words.ts';
import { PUNCTUATION, cpLen, deleteChars, isAlnum, lstrip, pySplit, rstrip, strip } from '../../text/py.ts';
import { check, num, str, type InstructionCheck } from '../types.ts';

const PS = PUNCTUATION + ' ';
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/** words:alphabet: each word starts with the next letter of the alphabet, wrapping after z. */
export const alphabet: InstructionCheck = (value) => {
  const words = pySplit(strip(deleteChars(value, PUNCTUATION), PS));
  if (words.length === 0) return check(false, 'no words');
  let letter = Array.from(words[0]!)[0]!.toLowerCase();
  if (!ALPHABET.includes(letter)) return check(false, `first word "${words[0]}" does not start with a letter a-z`);
  for (const raw of words.slice(1)) {
    const w = strip(raw, PS).toLowerCase();
    if (!w) continue;
    letter = ALPHABET[(ALPHABET.indexOf(letter) + 1) % 26]!;
    if (Array.from(w)[0] !== letter) return check(false, `"${raw}" should start with "${letter}"`);
  }
  return check(true, '');
};

const CONSONANTS = new Set('bcdfghjklmnpqrstvwxyz');

/** words:consonants: every word has two consecutive consonants. */
export const consonants: InstructionCheck = (value) => {
  for (const w of pySplit(strip(value.toLowerCase()))) {
    const cps = Array.from(w);
    let ok = false;
    for (let i = 0; i + 1 < cps.length && !ok; i++) ok = CONSONANTS.has(cps[i]!) && CONSONANTS.has(cps[i + 1]!);
    if (!ok) return check(false, `"${w.slice(0, 40)}" has no consonant cluster`);
  }
  return check(true, '');
};

/** words:keywords_specific_position: the keyword is word m of sentence n. */
export const keywordsSpecificPosition: InstructionCheck = (value, kw) => {
  const keyword = str(kw, 'keyword').trim();
  const n = num(kw, 'n');
  const m = num(kw, 'm');
  const sentences = sentTokenize(value);
  if (sentences.length < n) return check(false, `only ${sentences.length} sentences, no sentence ${n}`);
  const words = wordTokenize(sentences[n - 1]!).filter((t) => Array.from(t).some(isAlnum));
  if (words.length < m) return check(false, `sentence ${n} has only ${words.length} words`);
  const got = words[m - 1]!;
  return check(got.toLowerCase() === keyword.toLowerCase(), `word ${m} of sentence ${n} is "${got}", not "${keyword}"`);
};

/** words:last_first: the last word of each sentence is the first word of the next. */
export const lastFirst: InstructionCheck = (value) => {
  const s = sentTokenize(value);
  for (let i = 0; i + 1 < s.length; i++) {
    const last = pySplit(rstrip(s[i]!, PS));
    const first = pySplit(lstrip(s[i + 1]!, PS));
    if (!last.length || !first.length) return check(false, `sentence ${i + 1} or ${i + 2} has no words`);
    if (last[last.length - 1]!.toLowerCase() !== first[0]!.toLowerCase())
      return check(false, `sentence ${i + 1} ends with "${last[last.length - 1]}", sentence ${i + 2} starts with "${first[0]}"`);
  }
  return check(true, '');
};

/** words:no_consecutive: no two consecutive words share their first letter. */
export const noConsecutive: InstructionCheck = (value) => {
  const words = pySplit(deleteChars(value.toLowerCase(), PUNCTUATION));
  for (let i = 0; i + 1 < words.length; i++) {
    if (Array.from(words[i]!)[0] === Array.from(words[i + 1]!)[0]) return check(false, `"${words[i]}" and "${words[i + 1]}" start with the same letter`);
  }
  return check(true, '');
};

/** words:odd_even_syllables: words alternate between odd and even syllable counts. */
export const oddEvenSyllables: InstructionCheck = (value) => {
  const words = pySplit(deleteChars(value, PUNCTUATION).toLowerCase());
  let prev = words.length ? countSyllables(words[0]!) % 2 : 0;
  for (let i = 0; i + 1 < words.length; i++) {
    const next = countSyllables(words[i + 1]!) % 2;
    if (prev === next) return check(false, `"${words[i]}" and "${words[i + 1]}" have the same syllable parity`);
    prev = next;
  }
  return check(true, '');
};

/** words:palindrome: at least 10 palindromic words of 5+ characters. */
export const palindrome: InstructionCheck = (value) => {
  const words = pySplit(deleteChars(value, PUNCTUATION).toLowerCase());
  const n = words.filter((w) => {
    const cps = Array.from(w);
    return cps.length >= 5 && cps.join('') === cps.reverse().join('');
  }).length;
  return check(n >= 10, `${n} palindromes of 5+ letters, expected at least 10`);
};

/** words:paragraph_last_first: each line (paragraph) ends with the word it starts with. */
export const paragraphLastFirst: InstructionCheck = (value) => {
  for (const raw of value.split('\n')) {
    const p = strip(raw).toLowerCase();
    if (!p) continue;
    const words = pySplit(strip(p, PS));
    if (!words.length) continue;
    if (words[0] !== words[words.length - 1]) return check(false, `a paragraph starts with "${words[0]}" but ends with "${words[words.length - 1]}"`);
  }
  return check(true, '');
};

const PRIMES = new Set([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97]);

/** words:prime_lengths: every word has a prime number of characters. */
export const primeLengths: InstructionCheck = (value) => {
  for (const w of pySplit(deleteChars(value, PUNCTUATION))) {
    if (!PRIMES.has(cpLen(w))) return check(false, `"${w.slice(0, 40)}" has ${cpLen(w)} letters, not a prime`);
  }
  return check(true, '');
};

/** words:repeats: no word repeated more than N times. */
export const repeats: InstructionCheck = (value, kw) => {
  const n = num(kw, 'small_n');
  const counts = new Map<string, number>();
  for (const w of pySplit(deleteChars(value.toLowerCase(), PUNCTUATION))) counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const [w, c] of counts) if (c > n) return check(false, `"${w}" repeated ${c} times, at most ${n} allowed`);
  return check(true, '');
};

/** words:start_verb: the first token is tagged as a verb (VB*). */
export const startVerb: InstructionCheck = (value) => {
  const tokens = wordTokenize(sentTokenize(value)[0] ?? ''); // word_tokenize works sentence by sentence
  if (tokens.length === 0) return check(false, 'no words');
  const first = tokens[0]!;
  if (!/\p{L}/u.test(first)) return check(false, `starts with "${first}", not a verb`);
  const tag = firstTokenTag(tokens.slice(0, 40).join(' ')); // the tagger sees the opening words only
  return check(tag !== null && tag.includes('VB'), () => `first word "${first}" tagged ${tag ?? 'unknown'}, not a verb`);
};

/** words:vowel: a single paragraph using at most three different vowels. */
export const vowel: InstructionCheck = (value) => {
  const paragraphs = strip(value).split('\n');
  if (paragraphs.length !== 1) return check(false, `${paragraphs.length} lines, expected a single paragraph`);
  const used = new Set([...paragraphs[0]!.toLowerCase()].filter((c) => 'aeiou'.includes(c)));
  return check(used.size <= 3, () => `uses ${used.size} different vowels (${[...used].sort().join('')}), at most 3 allowed`);
};

/** words:words_position: the second word and the second-to-last word are the keyword. */
export const wordsPosition: InstructionCheck = (value, kw) => {
  const keyword = str(kw, 'keyword').trim().toLowerCase();
  const w = wordTokenize(value);
  if (w.length < 2) return check(false, 'fewer than two words');
  let secondLast: string;
  if (PUNCTUATION.includes(w[w.length - 1]!)) {
    if (w.length < 3) return check(false, 'fewer than two words');
    secondLast = w[w.length - 3]!;
  } else secondLast = w[w.length - 2]!;
  const ok = w[1]!.toLowerCase() === keyword && secondLast.toLowerCase() === keyword;
  return check(ok, () => `second word "${w[1]}", second-to-last word "${secondLast}", expected "${keyword}"`);
};
