import { memoize } from './memo.ts';
import { sentTokenize } from './sentences.ts';

/**
 * Word tokenization modelled on NLTK's `word_tokenize` (Punkt sentences, then the improved Treebank word tokenizer),
 * which the reference graders use to count capitalised words, pronouns, title case and word positions.
 * Reproduced: opening `"` → ``` `` ```, closing `"` → `''`; `, ; : @ # $ % & ? ! ( ) [ ] { } < > *` split off; a period
 * split off only at the end of a sentence; `--` and `...` split off; clitics split (`do n't`, `it 's`, `we 're`,
 * `can not`). Known divergence: rarer Treebank rules (`gonna`, `'tis`, …) are not reproduced.
 */

const RULES: Array<[RegExp, string]> = [
  // starting quotes
  [/^"/u, '``'],
  [/(``)/gu, ' $1 '],
  [/([ ([{<])("|'{2})/gu, '$1 `` '],
  [/(')(?!re|ve|ll|m|t|s|d|n)(\w)\b/giu, '$1 $2'],
  // punctuation
  [/([^.])(\.)([\])}>"']*)\s*$/u, '$1 $2$3 '],
  [/([:,])([^\d])/gu, ' $1 $2'],
  [/([:,])$/u, ' $1 '],
  [/\.{2,}/gu, ' $& '],
  [/[;@#$%&]/gu, ' $& '],
  [/[?!]/gu, ' $& '],
  [/([^'])' /gu, "$1 ' "],
  [/[*]/gu, ' $& '],
  // brackets and dashes
  [/[\][(){}<>]/gu, ' $& '],
  [/--/gu, ' -- '],
  // ending quotes
  [/([»”’])/gu, ' $1 '],
  [/''/gu, " '' "],
  [/"/gu, " '' "],
  [/([^' ])('[sS]|'[mM]|'[dD]|') /gu, '$1 $2 '],
  [/([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) /gu, '$1 $2 '],
  // contractions
  [/\b(can)(not)\b/giu, ' $1 $2 '],
  [/\b(d)('ye)\b/giu, ' $1 $2 '],
  [/\b(gim)(me)\b/giu, ' $1 $2 '],
  [/\b(gon)(na)\b/giu, ' $1 $2 '],
  [/\b(got)(ta)\b/giu, ' $1 $2 '],
  [/\b(lem)(me)\b/giu, ' $1 $2 '],
  [/\b(wan)(na)(?=\s)/giu, ' $1 $2 '],
];

function tokenizeSentence(sentence: string): string[] {
  let s = sentence;
  for (const [re, rep] of RULES) s = s.replace(re, rep);
  return (' ' + s + ' ').split(/\s+/u).filter((t) => t !== '');
}

/** NLTK-like `word_tokenize(text)`. Read-only result. */
export const wordTokenize: (text: string) => readonly string[] = memoize(tokenizeText);

function tokenizeText(text: string): string[] {
  const out: string[] = [];
  for (const sentence of sentTokenize(text)) for (const t of tokenizeSentence(sentence)) out.push(t);
  return out;
}
