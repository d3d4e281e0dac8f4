/**
 * Text that displays as something other than what it is. One home for the rule that submissions (the policy in
 * runners/validate/submission-policy.ts), results (names in summary.json) and error output apply. The characters are
 * defined in hidden-chars.ts (no zod: the site's browser code marks them).
 */
import { z } from 'zod';
import { BIDI_CONTROL, EMOJI_JOINER, FLAG_TAGS, INVISIBLE_CONTROL } from './hidden-chars.ts';

export { BIDI_CONTROL, INVISIBLE_CONTROL, replaceHidden, splitHidden } from './hidden-chars.ts';

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
