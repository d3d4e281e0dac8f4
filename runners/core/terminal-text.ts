/**
 * Text for a terminal: control characters other than tab and newline (ESC, CR, BEL, DEL, the C1 range with its
 * one-byte CSI) are written as `\uXXXX`. What a server or a submission says (a served model's name, a generation,
 * an error body) reaches the CLI's lines; a review's model named `fake\e[31mRED\e]0;PWNED\a` recoloured the terminal
 * and retitled its window. The escape form is also valid inside a JSON string, so a JSON line stays JSON.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

export const terminalText = (s: string): string => (CONTROL.test(s) ? s.replace(CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : s);

/**
 * A server's words inside one line of ours: its line breaks as `\n`, `\r`, `\u2028`, `\u2029`, so none of them can pass for a line of
 * the runner's own (a review's 503 body printed "running … on 9 endpoint(s)" as a line by itself).
 */
export const oneLine = (s: string): string => s.replace(/[\r\n\u2028\u2029]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16)}`));
