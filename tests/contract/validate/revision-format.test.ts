/**
 * `userturn validate` on a submission whose hf.revision git or the Hub would refuse: exit 1 and one line naming
 * the file and hf.revision with why, no stack trace; accepted revisions still validate (exit 0). A trailing "/"
 * and an upper-case sha were accepted before.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

const COMMITTED = 'submissions/qwen/qwen3.5-9b.yaml';
const SHA = '0123456789abcdef0123456789abcdef01234567';
const root = mkdtempSync(join(tmpdir(), 'ut-revision-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** validate run in a scratch repository holding the committed submission with `rev` as its revision. */
function validateWith(rev: string) {
  mkdirSync(join(root, 'submissions', 'qwen'), { recursive: true });
  const text = readFileSync(join(REPO_ROOT, COMMITTED), 'utf8').replace(/^(\s+revision:) .*$/m, `$1 "${rev}"`);
  writeFileSync(join(root, COMMITTED), text);
  return runCli(['validate', COMMITTED], { cwd: root });
}

test('revisions git and the Hub accept validate with exit 0', () => {
  for (const rev of [SHA, 'main', 'refs/pr/1', 'release/v1.0']) {
    const r = validateWith(rev);
    assert.equal(r.code, 0, `${rev}: ${r.stdout}${r.stderr}`);
    assert.match(r.stdout, /^validated 1 file: ok$/m, rev);
  }
});

test('revisions git or the Hub refuse: exit 1, the file and hf.revision named with why, no stack trace', () => {
  const table: Array<[string, RegExp]> = [
    ['main/', /must not end with "\/"/],
    ['refs/pr/1/', /must not end with "\/"/],
    [SHA.toUpperCase(), new RegExp(`write it in lower case \\("${SHA}"\\)`)],
    ['release//v1', /must not contain "\/\/"/],
    ['main.lock', /ending with "\.lock"/],
    ['feature/.x', /part starting with "\."/],
    ['v1.', /must not end with "\."/],
    ['a..b', /must not contain "\.\."/],
  ];
  for (const [rev, why] of table) {
    const r = validateWith(rev);
    assert.equal(r.code, 1, `${rev}: ${r.stdout}${r.stderr}`);
    const lines = r.stderr.split('\n').filter((l) => l.includes('hf.revision'));
    assert.equal(lines.length, 1, `${rev}: ${r.stderr}`);
    assert.match(lines[0]!, new RegExp(`^${COMMITTED.replace(/[.]/g, '\\.')}: hf\\.revision: `), rev);
    assert.match(lines[0]!, why, rev);
    assert.doesNotMatch(r.stderr, /\n\s+at /, `${rev}: a stack trace`);
    assert.match(r.stdout, /^validated 1 file: 1 error$/m, rev);
  }
});
