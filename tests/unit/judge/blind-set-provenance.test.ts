import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { blindSetDirs, JUDGE_SETS_DIR } from '../../../runners/judge/labelled/load.ts';

function setsRoot(provenance: string | null, folders: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'judge-sets-'));
  for (const f of folders) mkdirSync(join(root, f));
  if (provenance !== null) writeFileSync(join(root, 'provenance.yaml'), provenance);
  return root;
}

test('every shipped blind set has a provenance entry', () => {
  const sets = blindSetDirs(JUDGE_SETS_DIR);
  assert.ok(sets.length >= 2);
  for (const s of sets) assert.match(s.provenance.written, /^\d{4}-\d{2}-\d{2}$/);
});

test('a set folder without a provenance entry is refused, naming the file, the field and the folder', () => {
  const root = setsRoot('format: 1\nsets:\n  a:\n    written: 2026-11-27\n    seen_by: []\n', ['a', 'b']);
  assert.throws(() => blindSetDirs(root), (e: Error) => e.message.startsWith(`${join(root, 'provenance.yaml')}: sets.b: no entry for the set folder b`));
});

test('the entries are read as written, and a malformed entry names its field', () => {
  const ok = setsRoot('format: 1\nsets:\n  a:\n    written: 2026-11-27\n    seen_by: [heuristic-v9]\n', ['a']);
  assert.deepEqual(blindSetDirs(ok), [{ name: 'a', dir: join(ok, 'a'), provenance: { written: '2026-11-27', seen_by: ['heuristic-v9'] } }]);
  const bad = setsRoot('format: 1\nsets:\n  a:\n    written: last week\n    seen_by: []\n', ['a']);
  assert.throws(() => blindSetDirs(bad), /provenance\.yaml: sets\.a\.written: /);
  const missing = setsRoot(null, ['a']);
  assert.throws(() => blindSetDirs(missing), /provenance\.yaml: \(file\): no such file/);
});
