import assert from 'node:assert/strict';

/**
 * Text from outside (a server's error body, a file's lines and names, a config's strings, a bug's message quoting
 * them) reaches the terminal escaped on every path the CLI prints it: no escape sequence retitles the window, no
 * U+202E reorders a line, and no line break lets it print a line that passes for one of ours.
 */
export const HOSTILE = '\u001b]0;PWNED\u0007\u202eevil\nuserturn: ok';
/** HOSTILE as printed: every hidden character as \uXXXX (the line break as \n where it sits inside a line of ours). */
export const ESCAPED = String.raw`\u001b]0;PWNED\u0007\u202eevil`;

/** Control, bidirectional and line-separator characters; tab and newline are the terminal's own. */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

/** No raw control character in the command's output, the escaped form shown, and no line forged by a line break. */
export function assertEscaped(r: { stdout: string; stderr: string }): void {
  const both = `${r.stdout}\n${r.stderr}`;
  assert.doesNotMatch(both, RAW, `a raw control character reached the terminal:\n${JSON.stringify(both)}`);
  assert.ok(both.includes(ESCAPED), `the escaped text is shown:\n${both}`);
  assert.doesNotMatch(both, /^userturn: ok/m, 'no forged line');
}
