import { sentTokenize } from '../../text/sentences.ts';
import { pySplit, strip, wordTokens } from '../../text/py.ts';
import { check, compare, num, relation, str, type InstructionCheck } from '../types.ts';


/** length_constraints:number_sentences: Punkt sentence count "less than" / "at least" N. */
export const numberSentences: InstructionCheck = (value, kw) => {
  const n = num(kw, 'num_sentences');
  const rel = relation(kw, 'relation');
  const actual = sentTokenize(value).length;
  return check(compare(actual, rel, n), () => `${actual} sentences, expected ${rel} ${n}`);
};

/** length_constraints:number_paragraphs: exactly N paragraphs separated by the markdown divider `***`. */
export const numberParagraphs: InstructionCheck = (value, kw) => {
  const n = num(kw, 'num_paragraphs');
  const parts = value.split(/\s?\*\*\*\s?/u);
  let count = parts.length;
  for (let i = 0; i < parts.length; i++) {
    if (strip(parts[i]!) === '') {
      if (i === 0 || i === parts.length - 1) count--;
      else return check(false, `empty paragraph between two *** dividers (paragraph ${i + 1})`);
    }
  }
  return check(count === n, () => `${count} paragraphs separated by ***, expected ${n}`);
};

/** length_constraints:number_words: `\w+` word count "less than" / "at least" N. */
export const numberWords: InstructionCheck = (value, kw) => {
  const n = num(kw, 'num_words');
  const rel = relation(kw, 'relation');
  const actual = wordTokens(value).length;
  return check(compare(actual, rel, n), () => `${actual} words, expected ${rel} ${n}`);
};

const FIRST_WORD_STOP = new Set(['.', ',', '?', '!', "'", '"']);

/** length_constraints:nth_paragraph_first_word: N paragraphs split by blank lines, paragraph i starts with a word. */
export const nthParagraphFirstWord: InstructionCheck = (value, kw) => {
  const n = num(kw, 'num_paragraphs');
  const nth = num(kw, 'nth_paragraph');
  const want = str(kw, 'first_word').toLowerCase();
  const paragraphs = value.split('\n\n');
  let count = paragraphs.length;
  for (const p of paragraphs) if (strip(p) === '') count--;
  if (!(nth <= count)) return check(false, `only ${count} paragraphs, no paragraph ${nth}`);
  const paragraph = strip(paragraphs[nth - 1] ?? '');
  if (!paragraph) return check(false, `paragraph ${nth} is empty`);
  let word = strip(pySplit(paragraph)[0] ?? '');
  word = word.replace(/^'+/u, '').replace(/^"+/u, '');
  let first = '';
  for (const ch of word) {
    if (FIRST_WORD_STOP.has(ch)) break;
    first += ch.toLowerCase();
  }
  if (count !== n) return check(false, `${count} paragraphs, expected ${n}`);
  return check(first === want, () => `paragraph ${nth} starts with "${first}", expected "${want}"`);
};
