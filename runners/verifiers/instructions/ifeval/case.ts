import { detectLanguage } from '../../text/language.ts';
import { isLower, isUpper } from '../../text/py.ts';
import { wordTokenize } from '../../text/words.ts';
import { check, compare, num, relation, str, type InstructionCheck } from '../types.ts';

/** change_case:capital_word_frequency: words in all capitals (NLTK word tokens) "less than" / "at least" N. */
export const capitalWordFrequency: InstructionCheck = (value, kw) => {
  const n = num(kw, 'capital_frequency');
  const rel = relation(kw, 'capital_relation');
  const actual = wordTokenize(value).filter(isUpper).length;
  return check(compare(actual, rel, n), () => `${actual} all-capital words, expected ${rel} ${n}`);
};

/** Language check that, like the reference, counts an undetectable text as English. */
function isEnglish(value: string): { ok: boolean; detected: string | null } {
  const detected = detectLanguage(value);
  return { ok: detected === null || detected === 'en', detected };
}

/** change_case:english_capital: all capital letters, and English. */
export const englishCapital: InstructionCheck = (value) => {
  if (!isUpper(value)) return check(false, 'contains lowercase letters');
  const { ok, detected } = isEnglish(value);
  return check(ok, () => `language detected as "${detected}", not English`);
};

/** change_case:english_lowercase: all lowercase letters, and English. */
export const englishLowercase: InstructionCheck = (value) => {
  if (!isLower(value)) return check(false, 'contains capital letters');
  const { ok, detected } = isEnglish(value);
  return check(ok, () => `language detected as "${detected}", not English`);
};

/** language:response_language: the detected language is the requested one (undetectable counts as followed). */
export const responseLanguage: InstructionCheck = (value, kw) => {
  const want = str(kw, 'language');
  const detected = detectLanguage(value);
  return check(detected === null || detected === want, () => `language detected as "${detected}", expected "${want}"`);
};

/** punctuation:no_comma: no comma at all. */
export const noComma: InstructionCheck = (value) => {
  const n = value.split(',').length - 1;
  return check(n === 0, () => `${n} comma${n > 1 ? 's' : ''} found`);
};
