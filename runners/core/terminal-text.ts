import { replaceHidden } from '../../src/schema/text.ts';

/** `\uXXXX` for each UTF-16 unit (a pair past U+FFFF), the one escape a JSON string also reads back. */
const escapeUnits = (c: string): string => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/**
 * Text for a terminal: every character a submission may not hold in a name (src/schema/text.ts: control characters
 * other than tab and newline, bidirectional controls, line separators, characters drawn as nothing) is written as
 * `\uXXXX`. What a server or a submission says (a served model's name, a generation, an error body, a template's
 * raise_exception) reaches the CLI's lines: a review's model named `fake\e[31mRED\e]0;PWNED\a` recoloured the terminal
 * and retitled its window, and a U+202E in an error reordered the line as shown ("Trojan Source"). The escape form is
 * also valid inside a JSON string, so a JSON line stays JSON; emoji sequences are kept as the schema keeps them.
 */
export const terminalText = (s: string): string => replaceHidden(s, escapeUnits);

/**
 * A server's words inside one line of ours: its line breaks as `\n`, `\r`, `\u2028`, `\u2029`, so none of them can pass for a line of
 * the runner's own (a review's 503 body printed "running … on 9 endpoint(s)" as a line by itself).
 */
export const oneLine = (s: string): string => s.replace(/[\r\n\u2028\u2029]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16)}`));

/** A path (or other one-line value) from the command line or a file inside a line of ours: hidden characters and line breaks escaped. */
export const shownPath = (p: string): string => terminalText(oneLine(p));
