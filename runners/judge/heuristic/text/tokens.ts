/** Words, content tokens and numbers of a text (unicode aware, CJK segmented). Pure and deterministic. */
import { NON_ASCII, normalize, stem } from './normalize.ts';
import { HAN_FUNCTION, NUMBER_WORDS, STOPWORDS, STOPWORDS_ML } from './vocabulary.ts';

/** Han, Hiragana and Katakana runs: written without spaces, so words come from Intl.Segmenter (ICU dictionaries). */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Split a CJK run into dictionary words (word-like segments only). */
function segmentCjk(run: string): string[] {
  const out: string[] = [];
  for (const seg of segmenter.segment(run)) if (seg.isWordLike) out.push(seg.segment);
  return out;
}

/** All word tokens (letters or digits, unicode aware), normalised, numbers with their decimals kept. */
export function words(text: string): string[] {
  // ASCII text has no other script, no marks and no letters but a–z once lowercased: the same words, found faster.
  if (!NON_ASCII.test(text)) return text.toLowerCase().match(ASCII_WORD) ?? [];
  // Runs of one script each: "Anki는" is the name "anki" and a Korean particle, not one word.
  const normalized = normalize(text);
  const raw =
    normalized.match(/\d+(?:[.,]\d+)*|[\p{Script=Hangul}]+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+|(?:(?![\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{M}])+(?:'[\p{L}]+)?/gu) ?? [];
  // Without Chinese, Japanese or Korean anywhere, no word needs segmenting or a Korean key.
  return EAST_ASIAN.test(normalized) ? raw.flatMap((w) => (CJK.test(w) ? segmentCjk(w) : HANGUL.test(w) ? [koStem(w)] : [w])) : raw;
}

const HANGUL = /\p{Script=Hangul}/u;
/** Chinese, Japanese or Korean: text whose tokens are characters or syllable groups, not space-separated words. */
export const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const ASCII_WORD = /\d+(?:[.,]\d+)*|[a-z]+(?:'[a-z]+)?/g;

/**
 * A Korean word's key: its first two syllables. Particles and endings are glued to the stem ("사과를", "추천합니다",
 * "감천문화마을은"), and stripping them by list also cuts stems that end like one ("마을"), so the key keeps the
 * stem's start instead ("사과", "추천", "감천").
 */
function koStem(w: string): string {
  return w.length > 2 ? w.slice(0, 2) : w;
}

/**
 * Wording keys for comparing a paraphrase with the question without a dictionary: character bigrams of Chinese,
 * Japanese and Korean runs (no word segmentation or particle stripping needed), and the first five letters of
 * every other content word ("einschlafen"/"Einschlafen", "apartamento"/"apartamentos", "recommend"/"recommends").
 */
export function wordingKeys(text: string): Set<string> {
  const out = new Set<string>();
  const t = normalize(text);
  const EAST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー]+/gu;
  for (const run of t.match(EAST) ?? []) {
    for (let i = 0; i + 2 <= run.length; i++) {
      const b = run.slice(i, i + 2);
      if (!/^\p{Script=Hiragana}+$/u.test(b)) out.add(b); // two kana are grammar ("です", "ますか")
    }
  }
  for (const w of contentTokens(t.replace(EAST, ' '))) if (!/^\d/.test(w)) out.add(w.slice(0, 5));
  return out;
}

/** True when most letters of the text are CJK (the turn is Chinese or Japanese). */
export function isCjk(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length > 0 && letters.filter((c) => CJK.test(c)).length / letters.length >= 0.5;
}

/** The stop words of every language in one set: one lookup per word where two were made. */
const STOP = new Set([...STOPWORDS, ...STOPWORDS_ML]);

/** The last text's content tokens: a turn is tokenised by the continuation rule, then by the signals. */
let last: { text: string; tokens: string[] } | null = null;

/** Content tokens: stop words removed, stemmed; numbers kept (commas dropped). Callers must not mutate the array. */
export function contentTokens(text: string): string[] {
  if (last !== null && last.text === text) return last.tokens;
  const out: string[] = [];
  const ascii = !NON_ASCII.test(text);
  for (const w of words(text)) {
    const c = w.charCodeAt(0);
    if (c >= 48 && c <= 57) {
      out.push(normNumber(w));
      continue;
    }
    const base = w.includes("'") ? w.replace(/'s$/, '').replace(/'/g, '') : w;
    if (ascii) {
      if (base.length < 2 || STOP.has(base)) continue;
      out.push(stem(base));
      continue;
    }
    if (CJK.test(base)) {
      // One-character kana are particles; one Han character can be a word ("书", "猫") or grammar ("的", "是").
      if (base.length < 2 && (!/\p{Script=Han}/u.test(base) || HAN_FUNCTION.has(base))) continue;
      // Short all-hiragana words are grammar ("です", "どう", "させる"), not content.
      if (/^\p{Script=Hiragana}{1,3}$/u.test(base)) continue;
      out.push(base);
      continue;
    }
    if (base.length < 2 || STOP.has(base)) continue;
    out.push(HANGUL.test(base) ? base : stem(base));
  }
  last = { text, tokens: out };
  return out;
}

export function contentSet(text: string): Set<string> {
  return new Set(contentTokens(text));
}

/** Numbers written as digits, normalised ("1,200" → "1200", "18.00" → "18"). */
export function numbers(text: string): string[] {
  return (normalize(text).match(/\d+(?:[.,]\d+)*/g) ?? []).map(normNumber);
}

/** "1,200" → "1200", "18.00" → "18", "4.50" and "4,50" (decimal comma: one or two digits after it) → "4.5". */
function normNumber(n: string): string {
  const m = /^(\d+),(\d{1,2})$/.exec(n);
  const t = m ? `${m[1]}.${m[2]}` : n.replace(/,/g, '');
  // The trailing zeros from the first of them (a zero after a zero starts no match): tried at every zero of "1.000…01",
  // `0+$` rescanned the run from each (a 64k-digit number in the question took 2.9 s).
  return t.includes('.') && /^\d+\.\d+$/.test(t) ? t.replace(/(?<!0)0+$/, '').replace(/\.$/, '') : t;
}

/** The numbers that can tie two texts together: small numbers (one digit) turn up in any two problems. */
export const specificNumbers = (nums: readonly string[]): string[] => nums.filter((n) => n.length >= 2 || n.includes('.'));

/** Numbers written as digits or as words one to twelve (en, es, fr, de, pt): for restatements that spell them out. */
export function numbersAndWords(text: string): string[] {
  const spelled = (normalize(text).match(NON_ASCII.test(text) ? /\p{L}+/gu : /[a-z]+/g) ?? []).map((w) => NUMBER_WORDS.get(w)).filter((n): n is string => n !== undefined);
  return [...numbers(text), ...spelled];
}

export function intersectCount(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}
