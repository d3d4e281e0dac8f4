import { z } from 'zod';

/**
 * Text that displays as something other than what it is. One home for the rule that submissions (the policy in
 * runners/validate/submission-policy.ts), results (names in summary.json) and error output apply.
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
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;
/** The tag characters of a subdivision flag (🏴 then a tag spelling, as 🏴󠁧󠁢󠁳󠁣󠁴󠁿 for Scotland, then CANCEL TAG): drawn as one flag. */
const FLAG_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]{1,30}\u{E007F}/gu;

/**
 * Every character textProblem refuses, in one pattern: a joiner inside an emoji sequence and a flag's tag characters
 * match whole as `keep`, so that what textProblem allows is left as it is.
 */
const HIDDEN = new RegExp(`(?<keep>${EMOJI_JOINER.source}|${FLAG_TAGS.source})|${BIDI_CONTROL.source}|${INVISIBLE_CONTROL.source}`, 'gu');
/** The same characters, exceptions aside: a string with none (most) is passed on in half the time. */
const ANY_HIDDEN = new RegExp(`${BIDI_CONTROL.source}|${INVISIBLE_CONTROL.source}`, 'u');

/**
 * `s` with each character textProblem refuses (bidirectional controls, C0/C1 controls but tab and newline, line
 * separators, characters drawn as nothing) replaced by `f(c)`; the emoji joiners and flag tags it allows are kept.
 * For output that must show such text as it is (terminal lines, PR comments) without writing the list again.
 */
export const replaceHidden = (s: string, f: (c: string) => string): string =>
  !ANY_HIDDEN.test(s) ? s : s.replace(HIDDEN, (c: string, ...rest: unknown[]) => ((rest.at(-1) as { keep?: string }).keep !== undefined ? c : f(c)));

/** Why a name or text may not be shown as it is, or null. */
export function textProblem(s: string): string | null {
  if (BIDI_CONTROL.test(s)) return 'contains a bidirectional control character (text that displays differently from what it is)';
  if (INVISIBLE_CONTROL.test(s.replace(EMOJI_JOINER, '').replace(FLAG_TAGS, ''))) return 'contains a control or invisible format character';
  return null;
}

/** A name shown on the site: at most `max` characters, none of them hiding what the text is. */
export const PlainText = (max: number) =>
  z
    .string()
    .max(max)
    .superRefine((s, ctx) => {
      const problem = textProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** One character as `\uXXXX`, or `\u{XXXXX}` past U+FFFF. */
export const codePointEscape = (c: string): string => {
  const cp = c.codePointAt(0)!;
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, '0')}`;
};

/** Both classes plus tab and newline, which one line of output must not hold either. */
const UNSAFE_FOR_DISPLAY = new RegExp(`[\\t\\n${BIDI_CONTROL.source.slice(1, -1)}]|${INVISIBLE_CONTROL.source}`, 'gu');
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Untrusted text (a YAML key, a value quoted in a message) on one line of output, every such character written as
 * `\n`, `\r`, `\t` or `\uXXXX` (`\u{XXXXX}` past U+FFFF): a terminal or log viewer never acts on an escape sequence
 * in it.
 */
export const visibleText = (s: string): string => s.replace(UNSAFE_FOR_DISPLAY, (c) => NAMED[c] ?? codePointEscape(c));
