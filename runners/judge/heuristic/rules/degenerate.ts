import { clip } from '../text/sentences.ts';
import { NON_ASCII } from '../text/normalize.ts';
import { words } from '../text/tokens.ts';
import type { RuleHit } from '../types.ts';

/**
 * empty_or_degenerate: nothing a user would send. Empty or whitespace, only special tokens, a repetition loop,
 * or text with (almost) no letters or digits.
 */

/**
 * Chat-template control tokens of the common families (ChatML, Llama 3 and 4, Gemma, Mistral, gpt-oss, Granite,
 * Command-R, generic), and since v10 DeepSeek's full-width ones (`<｜end▁of▁sentence｜>`), GLM's `[gMASK]<sop>` and
 * Mistral's `[SYSTEM_PROMPT]`.
 */
export const SPECIAL_TOKEN_RE =
  /<\|[^|<>\s]{1,40}\|>|<｜[^｜<>\s]{1,40}｜>|<\/?s>|<\/?(?:bos|eos|pad|unk|start_of_turn|end_of_turn|sop|eop)>|\[\/?INST\]|\[\/?SYS\]|<<\/?SYS>>|\[\/?SYSTEM_PROMPT\]|\[gMASK\]|<\/?think>|<\/?reasoning>/gi;

export function stripSpecialTokens(text: string): string {
  return text.replace(SPECIAL_TOKEN_RE, ' ');
}

/** Longest run of one n-gram (n = 1..8) repeated back to back, in tokens covered. */
function repeatedRun(tokens: string[]): { n: number; times: number; covered: number } {
  let best = { n: 0, times: 0, covered: 0 };
  for (let n = 1; n <= 8; n++) {
    for (let start = 0; start + 2 * n <= tokens.length; start++) {
      let times = 1;
      while (start + (times + 1) * n <= tokens.length) {
        let same = true;
        for (let k = 0; k < n; k++) {
          if (tokens[start + k] !== tokens[start + times * n + k]) {
            same = false;
            break;
          }
        }
        if (!same) break;
        times++;
      }
      if (times * n > best.covered && times >= 3) best = { n, times, covered: times * n };
      if (times > 1) start += (times - 1) * n;
    }
  }
  return best;
}

/**
 * Sentence ends written without a space after them (v10): the CJK full stop (and its half-width form), the full-width
 * exclamation and question marks, the Arabic question mark and the Devanagari danda.
 */
const CLOSE_ENDS = '。｡！？؟।';

/** Newlines and sentence ends (".", "!", "?" and CLOSE_ENDS) in `text`, counted up to three. */
function splitMarks(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length && n < 3; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 46 || c === 33 || c === 63 || (c > 127 && CLOSE_ENDS.includes(text[i]!))) n++;
  }
  return n;
}

/** Share of repeated lines among the non-empty lines (line-level loops such as the same sentence 10 times). */
function repeatedLineShare(text: string): number {
  // Each split point needs a "\n" or a sentence end of its own: with fewer than three of them there are fewer than four lines.
  if (splitMarks(text) < 3) return 0;
  const lines = text
    .split(/\n+|(?<=[.!?])\s+|(?<=[。｡！？؟।])\s*/)
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l.length > 0);
  if (lines.length < 4) return 0;
  return 1 - new Set(lines).size / lines.length;
}

/** Letters and digits of an ASCII text (what [\p{L}\p{N}] counts there), without an array of them. */
function asciiAlnums(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const lower = c | 0x20; // A–Z folded onto a–z
    if ((c >= 48 && c <= 57) || (lower >= 97 && lower <= 122)) n++;
  }
  return n;
}

/**
 * Whether a unit of 1 to `maxUnits` code units may stand `times` times back to back in `text`: only where a run of
 * (times - 1) × p positions i has text[i] = text[i + p], for a period p. The loop patterns below (a unit of up to 3 or
 * 4 code points, each up to 2 code units) match only there; most turns have no such run, and this pass costs a
 * fraction of the two patterns' scans.
 */
function mayRepeat(text: string, maxUnits: number, times: number): boolean {
  for (let p = 1; p <= maxUnits; p++) {
    const need = (times - 1) * p;
    // Stops where the rest of the text can no longer make the run long enough.
    for (let i = 0, run = 0; i + p < text.length && run + text.length - p - i >= need; i++) {
      run = text.charCodeAt(i) === text.charCodeAt(i + p) ? run + 1 : 0;
      if (run >= need) return true;
    }
  }
  return false;
}

/** Scripts written without spaces between words: a loop there is one long "word", which the token checks miss. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** The longest unit (characters) the periodic scan looks for: a sentence of some 10-20 CJK words. */
const MAX_PERIOD = 48;

/**
 * The longest stretch of `text` that repeats one unit of 4 to MAX_PERIOD characters back to back: for each period p,
 * the longest run of positions i with text[i] = text[i + p] (a run of r such positions is a stretch of r + p
 * characters made of one unit). Returns the unit and the stretch's length; O(MAX_PERIOD × length).
 */
function periodicStretch(text: string): { unit: string; length: number } {
  let start = 0;
  let period = 0;
  let length = 0;
  for (let p = 4; p <= MAX_PERIOD && 2 * p <= text.length; p++) {
    let run = 0;
    for (let i = 0; i + p < text.length; i++) {
      if (text.charCodeAt(i) === text.charCodeAt(i + p)) {
        run++;
        if (run + p > length) {
          start = i + 1 - run;
          period = p;
          length = run + p;
        }
      } else run = 0;
    }
  }
  return { unit: text.slice(start, start + period), length };
}

export function degenerateRule(raw: string): RuleHit | null {
  if (raw.trim() === '') return { label: 'empty_or_degenerate', rule: 'degenerate.empty', rationale: 'The user turn is empty.', evidence: null };
  const stripped = stripSpecialTokens(raw);
  if (stripped.trim() === '' || !/[\p{L}\p{N}]/u.test(stripped)) {
    const only = stripped.trim() === '';
    return {
      label: 'empty_or_degenerate',
      rule: only ? 'degenerate.special_tokens_only' : 'degenerate.no_words',
      rationale: only ? 'The user turn consists only of chat-template special tokens.' : 'The user turn contains no letters or digits.',
      evidence: clip(raw, 120),
    };
  }
  const toks = words(stripped);
  const run = repeatedRun(toks);
  if (toks.length >= 6 && run.times >= 4 && run.covered >= 0.5 * toks.length) {
    return {
      label: 'empty_or_degenerate',
      rule: 'degenerate.repetition_loop',
      rationale: `A ${run.n}-token phrase repeats ${run.times} times back to back, covering ${Math.round((100 * run.covered) / toks.length)}% of the turn.`,
      evidence: clip(stripped, 120),
    };
  }
  if (repeatedLineShare(stripped) >= 0.5) {
    return {
      label: 'empty_or_degenerate',
      rule: 'degenerate.repeated_lines',
      rationale: 'Half or more of its lines/sentences are verbatim repeats.',
      evidence: clip(stripped, 120),
    };
  }
  // Garbage: mostly non-word characters, or one very long token soup without spaces.
  const letters = NON_ASCII.test(stripped) ? (stripped.match(/[\p{L}\p{N}]/gu) ?? []).length : asciiAlnums(stripped);
  const compact = stripped.replace(/\s+/g, '');
  const visible = compact.length;
  if (visible >= 8 && letters / visible < 0.4) {
    return { label: 'empty_or_degenerate', rule: 'degenerate.garbage', rationale: 'Mostly symbols, not words.', evidence: clip(stripped, 120) };
  }
  // One character (or a 2–3 character unit) repeated: "1111111111", "hahahahahaha".
  const unit = mayRepeat(compact, 6, 8) ? /(.{1,3}?)\1{7,}/su.exec(compact) : null;
  if (unit && unit[0].length >= 0.8 * visible && visible >= 8) {
    return { label: 'empty_or_degenerate', rule: 'degenerate.char_loop', rationale: `"${unit[1]}" repeated ${Math.round(unit[0].length / (unit[1] as string).length)} times.`, evidence: clip(stripped, 120) };
  }
  // A digit or character loop inside a turn ("0.3333333333333333…", "!!!!!!!!!!!!!!!!!!") that would pass above.
  const loop = mayRepeat(compact, 8, 16) ? /(\S{1,4}?)\1{15,}/u.exec(compact) : null;
  if (loop && loop[0].length >= 0.3 * visible) {
    return { label: 'empty_or_degenerate', rule: 'degenerate.char_loop', rationale: `"${loop[1]}" repeated ${Math.round(loop[0].length / (loop[1] as string).length)} times.`, evidence: clip(stripped, 120) };
  }
  // v10: a phrase or sentence looped in a script without spaces ("ขอบคุณมากขอบคุณมาก…", "我想知道更多我想知道更多…"):
  // a unit of 4+ characters repeated at least four times, covering half the turn or more.
  if (visible >= 16 && NON_ASCII.test(compact) && UNSPACED.test(compact)) {
    const stretch = periodicStretch(compact);
    if (stretch.length >= 4 * stretch.unit.length && stretch.length >= 0.5 * visible) {
      return { label: 'empty_or_degenerate', rule: 'degenerate.char_loop', rationale: `"${clip(stretch.unit, 40)}" repeated ${Math.floor(stretch.length / stretch.unit.length)} times.`, evidence: clip(stripped, 120) };
    }
  }
  if (toks.length < 30) return null;
  const distinct = new Set(toks).size;
  if (distinct / toks.length < 0.15) {
    return {
      label: 'empty_or_degenerate',
      rule: 'degenerate.low_diversity',
      rationale: `Only ${distinct} distinct words in ${toks.length}: a loop.`,
      evidence: clip(stripped, 120),
    };
  }
  return null;
}
