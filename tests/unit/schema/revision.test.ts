/**
 * hf.revision takes what git and the Hub take: a lower-case 40-hex commit sha (pinned) or a branch or tag name
 * git's check-ref-format accepts (unpinned). A trailing "/" or an upper-case sha was accepted before.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isPinnedRevision, Revision } from '../../../src/schema/index.ts';

const SHA = '0123456789abcdef0123456789abcdef01234567';

/** The messages Revision gives for `rev`, none when it is accepted. */
const problems = (rev: string): string[] => Revision.safeParse(rev).error?.issues.map((i) => i.message) ?? [];

test('commit shas, branches, tags and refs/pr/N are accepted; only the lower-case 40-hex sha is pinned', () => {
  const valid: Array<[string, boolean]> = [
    [SHA, true],
    ['main', false],
    ['v1.0', false],
    ['release/2025-01', false],
    ['refs/pr/1', false],
    ['0123abc', false],
    ['feature_x.y-z', false],
    ['a'.repeat(100), false],
  ];
  for (const [rev, pinned] of valid) {
    assert.deepEqual(problems(rev), [], rev);
    assert.equal(isPinnedRevision(rev), pinned, rev);
  }
});

test('names git refuses get one message each saying why', () => {
  const invalid: Array<[string, RegExp]> = [
    ['main/', /must not end with "\/"/],
    ['refs/pr/', /must not end with "\/"/],
    ['a//b', /must not contain "\/\/"/],
    ['a..b', /must not contain "\.\."/],
    ['v1.', /must not end with "\."/],
    ['feature/.hidden', /part starting with "\."/],
    ['main.lock', /ending with "\.lock"/],
    ['topic.lock/x', /ending with "\.lock"/],
  ];
  for (const [rev, why] of invalid) {
    const p = problems(rev);
    assert.equal(p.length, 1, `${rev}: ${p.join(' | ')}`);
    assert.match(p[0]!, why, rev);
  }
});

test('an upper-case or mixed-case 40-hex sha is refused with the lower-case form to write', () => {
  for (const rev of [SHA.toUpperCase(), `${SHA.slice(0, 20).toUpperCase()}${SHA.slice(20)}`]) {
    const p = problems(rev);
    assert.equal(p.length, 1, p.join(' | '));
    assert.match(p[0]!, /upper-case letters: write it in lower case/);
    assert.ok(p[0]!.includes(`"${SHA}"`), p[0]);
    assert.equal(isPinnedRevision(rev), false);
  }
});

test('characters outside the format get the one pattern message, not a second one', () => {
  for (const rev of ['', '-main/', 'main branch', 'main@{1}', 'a~1', '.main', 'a'.repeat(101)]) {
    const p = problems(rev);
    assert.equal(p.length, 1, `${JSON.stringify(rev)}: ${p.join(' | ')}`);
    assert.match(p[0]!, /must be a commit sha or a branch name/);
  }
});
