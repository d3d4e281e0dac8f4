/**
 * The site reads submissions as `userturn validate` does: a file validate passes builds with the same values, and a
 * file it refuses fails the build with the same `file: field: message` lines (Astro's glob() loader used js-yaml,
 * which turned `notes: 2026-01-15` into a Date and broke the deploy of a submission validate had passed).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { readSubmissions } from '../../../src/data/submissions.ts';
import { formatFieldError } from '../../../src/schema/index.ts';
import { validatePaths } from '../../../runners/validate/validate-files.ts';

/** A committed submission renamed `id`, with `extra` appended (its own `notes` line dropped). */
const submission = (id: string, extra: string): string =>
  readFileSync('submissions/qwen/qwen3.5-9b.yaml', 'utf8').replace(/^id: .*$/m, `id: ${id}`).replace(/^notes:.*$/m, '') + extra;

/** A repository root holding only submissions/evil/<id>.yaml. */
function repoWith(id: string, text: string | Buffer): { root: string; file: string } {
  const root = mkdtempSync(join(tmpdir(), 'ut-subs-'));
  mkdirSync(join(root, 'submissions', 'evil'), { recursive: true });
  const file = join(root, 'submissions', 'evil', `${id}.yaml`);
  writeFileSync(file, text);
  return { root, file };
}

test('a date-looking value validate accepts stays the same string in the site', async () => {
  const { root, file } = repoWith('dated', submission('dated', 'notes: 2026-01-15\n'));
  try {
    const validated = await validatePaths([file], root);
    assert.deepEqual(validated.errors, []);
    const site = readSubmissions(join(root, 'submissions'), root);
    assert.equal(site.length, 1);
    assert.equal(site[0]!.data.notes, '2026-01-15');
    assert.equal(site[0]!.filePath, 'submissions/evil/dated.yaml');
    assert.deepEqual(site[0]!.data, validated.submissions[0]!.value);
  } finally { rmSync(root, { recursive: true, force: true }); }
});

test('a file validate refuses fails the site build with the same file: field: message lines', async () => {
  const cases: Array<[string, string | Buffer]> = [
    ['dupkey', submission('dupkey', 'notes: a\nnotes: b\n')],
    ['tagged', submission('tagged', 'notes: !!binary aGVsbG8=\n')],
    ['proto', submission('proto', '__proto__:\n  polluted: 1\n')],
    ['numeric', submission('numeric', 'notes: 5\n')],
    ['latin1', Buffer.from(submission('latin1', 'notes: caf\xe9\n'), 'latin1')],
    ['empty', ''],
    ['nul', Buffer.alloc(16)],
  ];
  for (const [id, text] of cases) {
    const { root, file } = repoWith(id, text);
    try {
      const refused = (await validatePaths([file], root)).errors.map(formatFieldError);
      assert.ok(refused.length > 0, `validate refuses ${id}`);
      assert.throws(() => readSubmissions(join(root, 'submissions'), root), (e: Error) => {
        assert.equal(e.message, `invalid submission file\n${refused.join('\n')}`, id);
        return true;
      });
    } finally { rmSync(root, { recursive: true, force: true }); }
  }
});

test('the committed submissions all load', () => {
  assert.ok(readSubmissions('submissions').length > 0);
});
