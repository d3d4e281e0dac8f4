import { countMatches, pyRegExp } from '../../text/py.ts';
import { check, compare, num, relation, str, strList, type InstructionCheck } from '../types.ts';

/** keywords:existence: every keyword occurs (case-insensitive; the keyword is a regular expression, as in IFEval). */
export const existence: InstructionCheck = (value, kw) => {
  const missing = [...strList(kw, 'keywords')].sort().filter((k) => !pyRegExp(k, 'i').test(value));
  return check(missing.length === 0, () => `missing keyword${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
};

/** keywords:frequency: the keyword occurs "less than" / "at least" N times (case-insensitive substring regex). */
export const frequency: InstructionCheck = (value, kw) => {
  const keyword = str(kw, 'keyword').trim();
  const n = num(kw, 'frequency');
  const rel = relation(kw, 'relation');
  const actual = countMatches(pyRegExp(keyword, 'gi'), value);
  return check(compare(actual, rel, n), () => `"${keyword}" appears ${actual} times, expected ${rel} ${n}`);
};

/** keywords:forbidden_words: none of the words occurs as a whole word (case-insensitive). */
export const forbiddenWords: InstructionCheck = (value, kw) => {
  const words = [...new Set(strList(kw, 'forbidden_words'))].sort();
  const found = words.filter((w) => pyRegExp(`\\b${w}\\b`, 'i').test(value));
  return check(found.length === 0, () => `uses forbidden word${found.length > 1 ? 's' : ''}: ${found.join(', ')}`);
};

/** keywords:letter_frequency: the letter (case-insensitive) occurs "less than" / "at least" N times. */
export const letterFrequency: InstructionCheck = (value, kw) => {
  const letter = str(kw, 'letter').trim().toLowerCase();
  if (Array.from(letter).length !== 1) throw new Error(`letter must be one character, got "${letter}"`);
  const n = num(kw, 'let_frequency');
  const rel = relation(kw, 'let_relation');
  let actual = 0;
  for (const ch of value.toLowerCase()) if (ch === letter) actual++;
  return check(compare(actual, rel, n), () => `letter "${letter}" appears ${actual} times, expected ${rel} ${n}`);
};
