/**
 * validate says when a submission's hf.revision can never give a verified result (a branch or a short sha), as a
 * note on stdout that changes neither the exit code nor the "ok"; a full commit sha gets no note.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

const COMMITTED = 'submissions/qwen/qwen3.5-9b.yaml';

/** A repository root holding the committed submission with its revision replaced. */
function withRevision(rev: string): string {
  const root = mkdtempSync(join(tmpdir(), 'ut-unpinned-'));
  mkdirSync(join(root, 'submissions', 'qwen'), { recursive: true });
  const text = readFileSync(join(REPO_ROOT, COMMITTED), 'utf8').replace(/^(\s+revision:) .*$/m, `$1 ${rev}`);
  writeFileSync(join(root, COMMITTED), text);
  return root;
}

test('a committed submission on the branch main: exit 0, "ok", and a note saying to pin the full commit sha', () => {
  const r = runCli(['validate', COMMITTED]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^note: submissions\/qwen\/qwen3\.5-9b\.yaml: hf\.revision: "main" is a branch or tag, not a commit sha: .*can never be marked verified.*full commit sha the Hub shows for Qwen\/Qwen3\.5-9B/m);
  assert.match(r.stdout, /^validated 1 file: ok$/m);
});

test('a short sha gets the note too; a full 40-character sha gets none', () => {
  const short = withRevision('0123abc');
  const full = withRevision('0123456789abcdef0123456789abcdef01234567');
  try {
    const s = runCli(['validate', COMMITTED], { cwd: short });
    assert.equal(s.code, 0, s.stdout + s.stderr);
    assert.match(s.stdout, /hf\.revision: "0123abc" is not a full lowercase 40-character commit sha: /);
    const f = runCli(['validate', COMMITTED], { cwd: full });
    assert.equal(f.code, 0, f.stdout + f.stderr);
    assert.equal(f.stdout, 'validated 1 file: ok\n');
  } finally {
    rmSync(short, { recursive: true, force: true });
    rmSync(full, { recursive: true, force: true });
  }
});

test('--format github: a notice on the revision line, not an error', () => {
  const r = runCli(['validate', '--format', 'github', COMMITTED]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const line = readFileSync(join(REPO_ROOT, COMMITTED), 'utf8').split('\n').findIndex((l) => /^\s+revision:/.test(l)) + 1;
  assert.match(r.stdout, new RegExp(`^::notice file=submissions/qwen/qwen3\\.5-9b\\.yaml,line=${line},col=\\d+,title=hf\\.revision::`, 'm'));
  assert.doesNotMatch(r.stdout, /::error/);
});

test('the whole repository (every submission on main) still validates with exit 0', () => {
  const r = runCli(['validate', 'submissions']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^validated \d+ files: ok$/m);
  assert.equal(r.stdout.match(/hf\.revision: "main"/g)?.length, r.stdout.match(/^note: submissions\//gm)?.length);
});
