/**
 * Python string semantics the reference graders rely on, in TypeScript: `str.split()`, `str.strip(chars)`,
 * `isupper` / `islower`, `string.punctuation`, code-point length and indexing, and Unicode-aware `\w` / `\b`.
 * JavaScript differs in each of these (UTF-16 lengths, ASCII-only `\b`, a different whitespace set).
 */

/** Python's `string.punctuation`. */
export const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
/** Python's `string.digits`. */
export const DIGITS = '0123456789';

// Python's str.isspace() set (what str.split() / str.strip() with no argument use).
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SPLIT_RE = new RegExp(`[${PY_SPACE}]+`, 'u');
const SPACE_CHAR_RE = new RegExp(`^[${PY_SPACE}]$`, 'u');
const LEAD_RE = new RegExp(`^[${PY_SPACE}]+`, 'u');

export function isSpace(ch: string): boolean {
  return SPACE_CHAR_RE.test(ch);
}

/** `s.split()` with no argument: split on runs of whitespace, no empty strings. */
export function pySplit(s: string): string[] {
  const parts = s.split(SPLIT_RE);
  return parts.filter((p) => p !== '');
}

/** `s.strip()` / `s.strip(chars)`. */
export function strip(s: string, chars?: string): string {
  return rstrip(lstrip(s, chars), chars);
}

const CP_SETS = new Map<string, Set<number>>();
function cpSet(chars: string): Set<number> {
  let set = CP_SETS.get(chars);
  if (!set) {
    set = new Set(Array.from(chars, (c) => c.codePointAt(0)!));
    if (CP_SETS.size < 64) CP_SETS.set(chars, set);
  }
  return set;
}

export function lstrip(s: string, chars?: string): string {
  if (chars === undefined) return s.replace(LEAD_RE, '');
  const set = cpSet(chars);
  let i = 0;
  while (i < s.length) {
    const cp = s.codePointAt(i)!;
    if (!set.has(cp)) break;
    i += cp > 0xffff ? 2 : 1;
  }
  return i === 0 ? s : s.slice(i);
}

export function rstrip(s: string, chars?: string): string {
  if (chars === undefined) {
    // a loop, not /\s+$/: that regex is quadratic on long inner whitespace runs
    let j = s.length;
    while (j > 0 && SPACE_CHAR_RE.test(s[j - 1]!)) j--;
    return j === s.length ? s : s.slice(0, j);
  }
  const set = cpSet(chars);
  let j = s.length;
  while (j > 0) {
    let cp = s.charCodeAt(j - 1);
    let w = 1;
    if (cp >= 0xdc00 && cp <= 0xdfff && j >= 2) {
      const hi = s.charCodeAt(j - 2);
      if (hi >= 0xd800 && hi <= 0xdbff) {
        cp = s.codePointAt(j - 2)!;
        w = 2;
      }
    }
    if (!set.has(cp)) break;
    j -= w;
  }
  return j === s.length ? s : s.slice(0, j);
}

const DELETE_RES = new Map<string, RegExp>();

/** `s.translate(str.maketrans('', '', chars))`: delete every character of `chars`. */
export function deleteChars(s: string, chars: string): string {
  let re = DELETE_RES.get(chars);
  if (!re) {
    re = new RegExp(`[${Array.from(chars, (c) => c.replace(/[\\\]^-]/gu, '\\$&')).join('')}]`, 'gu');
    if (DELETE_RES.size < 64) DELETE_RES.set(chars, re);
  }
  return s.replace(re, '');
}

const LOWER_RE = /\p{Lowercase}/u;
const UPPER_RE = /[\p{Uppercase}\p{Lt}]/u;

/** Python `str.isupper()`: at least one cased character and no lowercase one. */
export function isUpper(s: string): boolean {
  let cased = false;
  for (const ch of s) {
    if (LOWER_RE.test(ch)) return false;
    if (UPPER_RE.test(ch)) cased = true;
  }
  return cased;
}

/** Python `str.islower()`: at least one cased character and no uppercase or titlecase one. */
export function isLower(s: string): boolean {
  let cased = false;
  for (const ch of s) {
    if (UPPER_RE.test(ch)) return false;
    if (LOWER_RE.test(ch)) cased = true;
  }
  return cased;
}

export function isAlpha(ch: string): boolean {
  return /^\p{L}+$/u.test(ch);
}

export function isAlnum(ch: string): boolean {
  return /^[\p{L}\p{N}]+$/u.test(ch);
}

/** Python `str.isdigit()` (approximated by decimal and other digits). */
export function isDigit(s: string): boolean {
  return s.length > 0 && /^[\p{Nd}\u00b2\u00b3\u00b9\u2070-\u2079\u2080-\u2089]+$/u.test(s);
}

/** Length in code points, as Python's `len(str)`. */
export function cpLen(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Python's Unicode `\w` as a JavaScript class body: letters, numbers, underscore (Python's `\w` excludes combining marks). */
export const W = '\\p{L}\\p{N}_';
/** Python `\b` equivalents for use in a `u`-flag JavaScript pattern. */
export const B_START = `(?<![${W}])(?=[${W}])`;
export const B_END = `(?<=[${W}])(?![${W}])`;

/** Escape text for literal use in a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** Python `\b` around a literal word, as a JavaScript pattern string (either side only where the word has a \w end). */
export function wordBoundaryPattern(word: string): string {
  const esc = escapeRegExp(word);
  const wordStart = new RegExp(`^[${W}]`, 'u').test(word);
  const wordEnd = new RegExp(`[${W}]$`, 'u').test(word);
  // Python's \b next to a non-word character needs a word character on the other side.
  const pre = wordStart ? `(?<![${W}])` : `(?<=[${W}])`;
  const post = wordEnd ? `(?![${W}])` : `(?=[${W}])`;
  return `${pre}${esc}${post}`;
}

/** Count regex matches without building a huge array. */
export function countMatches(re: RegExp, s: string): number {
  let n = 0;
  for (const _ of s.matchAll(re)) n++;
  return n;
}

/**
 * Compile a pattern written for Python's `re` (as IFEval does with keywords); fall back to a literal match when it is
 * not a valid JavaScript pattern. Python's `\b` becomes the Unicode-aware boundary.
 */
export function pyRegExp(pattern: string, flags: string): RegExp {
  const converted = pattern.replace(/\\b/g, `(?:${B_START}|${B_END})`);
  try {
    return new RegExp(converted, flags.includes('u') ? flags : `${flags}u`);
  } catch {
    return new RegExp(escapeRegExp(pattern), flags.includes('u') ? flags : `${flags}u`);
  }
}

/** Python `\w+` tokens (nltk RegexpTokenizer(r"\w+")), as IFEval's and IFBench's count_words use. */
export function wordTokens(s: string): string[] {
  return s.match(new RegExp(`[${W}]+`, 'gu')) ?? [];
}

/** Split on '\n' exactly as Python's `s.split('\n')`. */
export function lines(s: string): string[] {
  return s.split('\n');
}
