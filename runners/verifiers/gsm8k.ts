import type { ItemScore } from '../../src/schema/index.ts';

/**
 * GSM8K verifier: extract the final number of an answer and compare it with the reference number after `####`.
 *
 * The extraction rules run in order; the first that finds a number wins, and its name is recorded so the site can
 * show why an answer was scored as it was:
 *   hash          `#### 18` (the dataset's own format; the last occurrence)
 *   boxed         `\boxed{18}` (the last occurrence)
 *   answer-is     `The (final) answer is $18.00` (the last occurrence)
 *   answer-label  a line starting `A: 18`, `Answer: 18` or `Final answer: 18` (the last one)
 *   last-number   the last number anywhere in the text (calculator annotations `<<2*3=6>>` removed first)
 *   none          no number at all
 * Numbers may carry a sign, thousands separators (`1,000`), a currency sign, a unit or a trailing period; two
 * numbers are equal when their values are equal (`18.00` = `18`).
 */

export type Gsm8kRule = 'hash' | 'boxed' | 'answer-is' | 'answer-label' | 'last-number' | 'none';

export interface Extraction {
  /** Normalised number text (no commas, no trailing zeros after a decimal point), or null. */
  value: string | null;
  rule: Gsm8kRule;
}

// A number: optional sign, optional currency, digits with optional thousands groups, optional decimals.
const NUM = String.raw`[-−]?\s?[$€£]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|[-−]?\s?[$€£]?\s?\.\d+`;
const NUM_RE = new RegExp(NUM, 'g');
const MAX_SCAN = 200_000; // answers longer than this are scanned only in their last part (markers sit at the end)

/** Turn a matched number text into a canonical decimal string, or null when it is not a finite number. */
export function normalizeNumber(raw: string): string | null {
  let s = raw.replace(/[\s$€£,]/g, '').replace('−', '-');
  if (s === '' || s === '-') return null;
  const neg = s.startsWith('-');
  if (neg) s = s.slice(1);
  if (!/^(?:\d+(?:\.\d*)?|\.\d+)$/.test(s)) return null;
  let [int = '', frac = ''] = s.split('.');
  int = int.replace(/^0+(?=\d)/, '') || '0';
  frac = frac.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return neg && body !== '0' ? `-${body}` : body;
}

function firstNumber(text: string): string | null {
  NUM_RE.lastIndex = 0;
  const m = NUM_RE.exec(text);
  return m ? normalizeNumber(m[0]) : null;
}

function lastNumber(text: string): string | null {
  let last: string | null = null;
  for (const m of text.matchAll(NUM_RE)) last = m[0];
  return last === null ? null : normalizeNumber(last);
}

function lastMatch(re: RegExp, text: string): RegExpMatchArray | null {
  let found: RegExpMatchArray | null = null;
  for (const m of text.matchAll(re)) found = m;
  return found;
}

const HASH_RE = /####\s*([^\n]*)/g;
const BOXED_RE = /\\boxed\s*\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}/g;
const ANSWER_IS_RE = /answer\s+is\s*[:=]?\s*([^\n]*)/gi;
const LABEL_RE = /^[ \t*#>_-]*(?:final\s+answer|answer|a)\s*[:=]\s*\**\s*([^\n]*)/gim;

/** Extract the final number of a model answer and the rule that found it. Never throws. */
export function extractGsm8kAnswer(answer: string): Extraction {
  const text = answer.length > MAX_SCAN ? answer.slice(-MAX_SCAN) : answer;
  const tries: Array<[Gsm8kRule, RegExp]> = [
    ['hash', HASH_RE],
    ['boxed', BOXED_RE],
    ['answer-is', ANSWER_IS_RE],
    ['answer-label', LABEL_RE],
  ];
  for (const [rule, re] of tries) {
    const m = lastMatch(re, text);
    if (!m) continue;
    const value = firstNumber(stripLatex(m[1] ?? ''));
    if (value !== null) return { value, rule };
  }
  const value = lastNumber(stripLatex(text.replace(/<<[^<>]*>>/g, ' ')));
  return value === null ? { value: null, rule: 'none' } : { value, rule: 'last-number' };
}

/** `\frac`-free LaTeX clean-up good enough for numbers: drop `\,` thin spaces, `\$`, `\text{…}` wrappers. */
function stripLatex(s: string): string {
  return s
    .replace(/\\[,;! ]/g, '')
    .replace(/\\\$/g, '$')
    .replace(/\\(?:text|mathrm|textbf|mathbf)\s*\{([^{}]*)\}/g, '$1')
    .replace(/\{,\}/g, ',');
}

/** The reference number of a GSM8K solution: after `####`, else after a final `A:` line, else its last number. */
export function referenceNumber(reference: string): string | null {
  const hash = lastMatch(HASH_RE, reference);
  if (hash) {
    const v = firstNumber(hash[1] ?? '');
    if (v !== null) return v;
  }
  return extractGsm8kAnswer(reference).value;
}

/** Numeric equality of two canonical number strings. */
export function sameNumber(a: string, b: string): boolean {
  if (a === b) return true;
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(y));
}

export function verifyGsm8k(referenceAnswer: string, answer: string): Extract<ItemScore, { kind: 'gsm8k' }> {
  const reference = referenceNumber(String(referenceAnswer ?? '')) ?? '';
  const { value, rule } = extractGsm8kAnswer(String(answer ?? ''));
  const correct = value !== null && reference !== '' && sameNumber(value, reference);
  return { kind: 'gsm8k', correct, extracted: value, rule, reference };
}
