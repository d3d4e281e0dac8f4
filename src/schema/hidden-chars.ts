/**
 * The characters that can hide or reorder text, defined once, without zod so the site's browser code can import them.
 * src/schema/text.ts builds the rule for names (textProblem, PlainText) on them.
 */

/** Bidirectional controls (Trojan Source). */
export const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/**
 * C0/C1 controls except tab and newline, line and paragraph separators, the interlinear annotation marks, and every
 * character Unicode says to draw as nothing (Default_Ignorable_Code_Point: zero-width spaces and joiners, the soft
 * hyphen, invisible operators U+2061-2064, Hangul fillers, the tag characters U+E0000-E007F that spell hidden ASCII,
 * …) but the variation selectors, which only choose the look of the character before them (❤️, 1️⃣). Zero-width
 * spaces were refused and the others not: "Qwen\u{E0041}\u{E0042} 9B" showed as "Qwen 9B".
 */
export const INVISIBLE_CONTROL = /(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\uFFF9-\uFFFB\p{Default_Ignorable_Code_Point}]/u;

/**
 * A zero-width joiner between two emoji (the first may carry a variation selector or a skin tone): it draws them as
 * one (👩‍💻, 🏳️‍🌈, 👩🏽‍💻), so it hides nothing. Anywhere else it is as invisible as the other format characters.
 */
export const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;
/** The tag characters of a subdivision flag (🏴 then a tag spelling, as 🏴󠁧󠁢󠁳󠁣󠁴󠁿 for Scotland, then CANCEL TAG): drawn as one flag. */
export const FLAG_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]{1,30}\u{E007F}/gu;

/**
 * The carriage return of a CRLF: with its line feed it is one line break (Windows line endings), which a reader sees
 * as one and a terminal obeys as one. A lone CR, which returns to the start of the line so that what follows overwrites
 * it in a terminal, stays hidden. Text blocks keep it (splitHidden, replaceHidden); names (textProblem) still refuse it.
 */
const CRLF_RETURN = /\r(?=\n)/g;

/**
 * Every character textProblem refuses, in one pattern: a joiner inside an emoji sequence, a flag's tag characters and
 * a CRLF's carriage return match whole as `keep`, so that what textProblem allows, and a line break, is left as it is.
 */
const HIDDEN = new RegExp(`(?<keep>${EMOJI_JOINER.source}|${FLAG_TAGS.source}|${CRLF_RETURN.source})|${BIDI_CONTROL.source}|${INVISIBLE_CONTROL.source}`, 'gu');
/** The same characters, exceptions aside: a string with none (most) is passed on in half the time. */
const ANY_HIDDEN = new RegExp(`${BIDI_CONTROL.source}|${INVISIBLE_CONTROL.source}`, 'u');

/**
 * `s` with each character textProblem refuses (bidirectional controls, C0/C1 controls but tab and newline, line
 * separators, characters drawn as nothing) replaced by `f(c)`; the emoji joiners and flag tags it allows, and a CRLF's
 * carriage return, are kept (a lone CR is replaced). For output that must show such text as it is (terminal lines, PR
 * comments) without writing the list again.
 */
export const replaceHidden = (s: string, f: (c: string) => string): string =>
  !ANY_HIDDEN.test(s) ? s : s.replace(HIDDEN, (c: string, ...rest: unknown[]) => ((rest.at(-1) as { keep?: string }).keep !== undefined ? c : f(c)));

/** A run of text, or one character textProblem refuses (one code point). */
export type HiddenPart = string | { hidden: string };

/**
 * `s` cut at each character textProblem refuses: the runs between them as strings (never empty), each such
 * character as `{ hidden }`. Emoji joiners, flag tags and a CRLF's carriage return stay in their runs; a string with
 * none is `[s]`.
 */
export function splitHidden(s: string): HiddenPart[] {
  if (!ANY_HIDDEN.test(s)) return s === '' ? [] : [s];
  const parts: HiddenPart[] = [];
  let from = 0;
  for (const m of s.matchAll(HIDDEN)) {
    if (m.groups?.keep !== undefined) continue;
    if (m.index > from) parts.push(s.slice(from, m.index));
    parts.push({ hidden: m[0] });
    from = m.index + m[0].length;
  }
  if (from < s.length) parts.push(s.slice(from));
  return parts;
}
