import { sentTokenize } from '../../text/sentences.ts';
import { PUNCTUATION, deleteChars, lstrip, pySplit, pyRegExp, strip } from '../../text/py.ts';
import { check, num, str, type InstructionCheck } from '../types.ts';

/** sentence:alliteration_increment: each sentence has a longer run of alliterative words than the previous one. */
export const alliterationIncrement: InstructionCheck = (value) => {
  let prev = -1;
  const sentences = sentTokenize(value);
  for (let s = 0; s < sentences.length; s++) {
    const words = pySplit(sentences[s]!.toLowerCase())
      .map((w) => lstrip(w, PUNCTUATION + ' '))
      .filter((w) => w);
    let allit = 0;
    let prevAllit = false;
    for (let i = 0; i + 1 < words.length; i++) {
      if (Array.from(words[i]!)[0] === Array.from(words[i + 1]!)[0]) {
        allit += prevAllit ? 1 : 2;
        prevAllit = true;
      } else prevAllit = false;
    }
    if (allit <= prev) return check(false, `sentence ${s + 1} has ${allit} alliterative words, not more than the previous ${prev}`);
    prev = allit;
  }
  return check(true, '');
};

function wordCount(sentence: string): number {
  return pySplit(strip(deleteChars(sentence, PUNCTUATION))).length;
}

/** sentence:increment: each sentence has exactly N more words than the previous one. */
export const increment: InstructionCheck = (value, kw) => {
  const n = num(kw, 'small_n');
  const sentences = sentTokenize(value);
  if (sentences.length === 0) throw new Error('no sentences');
  let prev = wordCount(sentences[0]!);
  for (let i = 1; i < sentences.length; i++) {
    const c = wordCount(sentences[i]!);
    if (c !== prev + n) return check(false, `sentence ${i + 1} has ${c} words, expected ${prev + n}`);
    prev = c;
  }
  return check(true, '');
};

/** sentence:keyword: sentence N contains the keyword as a whole word (case-insensitive). */
export const keyword: InstructionCheck = (value, kw) => {
  const word = str(kw, 'word');
  const n = num(kw, 'N');
  const sentences = sentTokenize(value);
  if (sentences.length < n) return check(false, `only ${sentences.length} sentences, no sentence ${n}`);
  const re = pyRegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\b`, 'i');
  return check(re.test(sentences[n - 1]!), () => `sentence ${n} does not contain "${word}"`);
};
