import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

const FIXTURES = 'tests/fixtures/invalid-submissions';

interface Expectation {
  field: string;
  message: string;
}

const cases = readdirSync(join(REPO_ROOT, FIXTURES)).sort();

test('there are at least 15 broken submission fixtures', () => {
  assert.ok(cases.length >= 15, `only ${cases.length} fixtures`);
});

for (const name of cases) {
  test(`validate rejects broken submission: ${name}`, () => {
    const dir = join(FIXTURES, name);
    const expect = JSON.parse(readFileSync(join(REPO_ROOT, dir, 'expect.json'), 'utf8')) as Expectation;
    const orgDir = join(dir, 'submissions', readdirSync(join(REPO_ROOT, dir, 'submissions'))[0]!);
    const file = join(orgDir, readdirSync(join(REPO_ROOT, orgDir))[0]!);
    const r = runCli(['validate', file]);
    assert.equal(r.code, 1, `exit code for ${file}: ${r.stderr}`);
    const line = r.stderr.split('\n').find((l) => l.startsWith(`${file}: ${expect.field}: `));
    assert.ok(line, `no error line naming ${file} and field "${expect.field}" in:\n${r.stderr}`);
    assert.ok(line.includes(expect.message), `"${line}" does not mention "${expect.message}"`);
    assert.doesNotMatch(r.stderr, /^\s+at .+:\d+:\d+\)?$/m, 'stack trace printed');
    assert.doesNotMatch(r.stderr, /internal error/);
  });
}
