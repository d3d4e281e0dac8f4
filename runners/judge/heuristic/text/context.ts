/**
 * What the rules derive from a question or an answer, memoised (memo.ts says why). Only for those two texts: every
 * user turn is new, and would only push them out. Callers must not mutate what these return (it is shared between
 * verdicts).
 */
import { memoOfText } from './memo.ts';
import { codeNames, markedWords } from './names.ts';
import { normalize } from './normalize.ts';
import { contentSet, numbers, numbersAndWords, wordingKeys } from './tokens.ts';

export const contextContentSet = memoOfText(contentSet);
export const contextNumberSet = memoOfText((text: string) => new Set(numbers(text)));
/** heuristic-v12: the content tokens of the names the answer's code defines. */
export const contextCodeNames = memoOfText((response: string) => contentSet(codeNames(response).join(' \n ')));
export const contextMarkedWords = memoOfText((response: string) => markedWords(response, contextContentSet(response), contextCodeNames(response)));
export const contextWordingKeys = memoOfText(wordingKeys);
export const contextNormalized = memoOfText(normalize);
export const contextNumbersAndWords = memoOfText(numbersAndWords);
