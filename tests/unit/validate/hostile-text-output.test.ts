import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { run as validate } from '../../../runners/cli/commands/validate.ts';
import { githubAnnotation } from '../../../runners/validate/github-annotations.ts';
import { formatFieldError } from '../../../src/schema/index.ts';

/** A review's key: retitles the window, clears the screen, then forges an "ok" line and a workflow command. */
const KEY = 'x\u001b]0;PWNED-TITLE\u0007\u001b[2J\nfake-file.yaml: ok\n::warning::injected';
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

test('an error line shows control, line-break and bidi characters escaped, as one line', () => {
  const e = { file: 'a\u202eb.yaml', field: KEY, message: 'is "\u009b31m\u2028x\ty"' };
  for (const line of [formatFieldError(e), githubAnnotation(e, () => null)]) {
    assert.doesNotMatch(line, UNSAFE, JSON.stringify(line));
    assert.match(line, /x\\u001b\]0;PWNED-TITLE\\u0007\\u001b\[2J\\nfake-file\.yaml/);
  }
  assert.equal(formatFieldError({ file: 'f.yaml', field: 'a.b', message: 'plain' }), 'f.yaml: a.b: plain');
});

for (const format of ['text', 'github']) {
  test(`validate --format ${format}: an unknown key with escape sequences prints neither them nor forged lines`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'userturn-hostile-key-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'submissions', 'acme'), { recursive: true });
    const file = join(dir, 'submissions', 'acme', 'm.yaml');
    writeFileSync(file, `id: m\n${JSON.stringify(KEY)}: 1\n`);
    const out: string[] = [];
    t.mock.method(console, 'log', (...a: unknown[]) => void out.push(a.join(' ')));
    t.mock.method(console, 'error', (...a: unknown[]) => void out.push(a.join(' ')));
    assert.equal(await validate(['--format', format, file]), 1);
    const text = out.join('\n');
    assert.doesNotMatch(text, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/, JSON.stringify(text)); // newlines only between lines
    const lines = text.split('\n');
    assert.ok(!lines.some((l) => l.startsWith('fake-file.yaml') || l.startsWith('::warning::')), text);
    assert.ok(lines.some((l) => l.includes('PWNED-TITLE')), 'the key is still named, escaped');
  });
}
