/**
 * Characters that make text display as something other than what it is: C0 and C1 controls (a terminal's escape
 * sequences among them), DEL, line and paragraph separators, bidirectional controls (Trojan Source) and invisible
 * format characters. Untrusted text (a YAML key, a value quoted in a message) is shown with them escaped.
 */
const UNSAFE_FOR_DISPLAY = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text on one line with every such character written as `\n`, `\r`, `\t` or `\uXXXX`. */
export const visibleText = (s: string): string =>
  s.replace(UNSAFE_FOR_DISPLAY, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
