import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

/** A clone in miniature: a git work tree with one committed submission and a second one that duplicates it. */
function cloneWithDuplicate(git = true): string {
  const root = mkdtempSync(join(tmpdir(), 'ut-subfolder-'));
  for (const d of ['docs', 'submissions/qwen', 'submissions/acme']) mkdirSync(join(root, d), { recursive: true });
  if (git) mkdirSync(join(root, '.git'));
  copyFileSync(join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'), join(root, 'submissions/qwen/qwen3.5-9b.yaml'));
  const text = readFileSync(join(root, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8').replace(/^id: .*$/m, 'id: dup');
  writeFileSync(join(root, 'submissions/acme/dup.yaml'), text);
  return root;
}

const DUPLICATE = 'submissions/acme/dup.yaml: hf: Qwen/Qwen3.5-9B at main is already submitted by submissions/qwen/qwen3.5-9b.yaml';

// A newcomer validates from the folder their terminal is in: from docs/ the cross-file rules found no submissions/ and
// a duplicate passed (exit 0); from the submission's own folder it "must live at submissions/<org>/<id>.yaml".
test('validate run from a subfolder of the clone applies the rules it applies from the top', () => {
  const root = cloneWithDuplicate();
  for (const [cwd, args] of [
    [root, ['submissions/acme/dup.yaml']],
    [join(root, 'docs'), ['../submissions/acme/dup.yaml']],
    [join(root, 'submissions/acme'), ['dup.yaml']],
    [join(root, 'submissions'), ['acme/dup.yaml']],
  ] as const) {
    const r = runCli(['validate', ...args], { cwd });
    assert.equal(r.code, 1, `${cwd}: ${r.stderr}`);
    assert.deepEqual(r.stderr.trim().split('\n'), [DUPLICATE], cwd);
  }
  // With no path, the clone's submissions/: both files of the pair, as from the top.
  const all = runCli(['validate'], { cwd: join(root, 'docs') });
  assert.equal(all.code, 1, all.stderr);
  assert.deepEqual(all.stderr.trim().split('\n'), [DUPLICATE, 'submissions/qwen/qwen3.5-9b.yaml: hf: Qwen/Qwen3.5-9B at main is already submitted by submissions/acme/dup.yaml']);
  assert.equal(all.stdout.trim().split('\n').at(-1), runCli(['validate'], { cwd: root }).stdout.trim().split('\n').at(-1));
});

test('outside a git work tree validate reads the current folder as before', () => {
  const root = cloneWithDuplicate(false);
  const r = runCli(['validate', 'dup.yaml'], { cwd: join(root, 'submissions/acme') });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /^dup\.yaml: id: submission files must live at submissions\/<org>\/<id>\.yaml$/m);
});
