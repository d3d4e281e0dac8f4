import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT, runCli, type CliResult } from '../../helpers/cli.ts';

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

export function assertEscaped(r: CliResult): void {
  const both = `${r.stdout}\n${r.stderr}`;
  assert.doesNotMatch(both, RAW, `a raw control character reached the terminal:\n${JSON.stringify(both)}`);
  assert.ok(both.includes(ESCAPED), `the escaped text is shown:\n${both}`);
  assert.doesNotMatch(both, /^userturn: ok$/m, 'no forged line');
}

describe('main', () => {
  it('an unknown command name is shown escaped (exit 2)', () => {
    const r = runCli([HOSTILE]);
    assert.equal(r.code, 2, r.stderr);
    assertEscaped(r);
  });

  it('an internal error whose message quotes outside text: escaped, on one line, with its stack (exit 70)', () => {
    const preload = join(REPO_ROOT, 'tests/fixtures/preload/throw-hostile-bug.mjs');
    const r = runCli(['score'], { env: { NODE_OPTIONS: `--import ${preload}` } });
    assert.equal(r.code, 70, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /^userturn: internal error: Error: bad \\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\n\s+at /);
  });
});
