import { syllable } from 'syllable';

/**
 * Syllable count of one English word. The reference uses Python `syllapy` (a dictionary plus rules); we use the
 * `syllable` package (rules plus exceptions). Divergence: the two disagree on some rare and invented words, which
 * can flip IFBench's odd/even-syllable alternation check.
 */
export function countSyllables(word: string): number {
  try {
    return syllable(word);
  } catch {
    return 0;
  }
}
