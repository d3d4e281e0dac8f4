import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

/** A git repository whose origin is a local folder (as in a clone of a clone), with one commit and one submission. */
function localClone(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-k8s-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('remote', 'add', 'origin', '/srv/userturn');
  cpSync(join(REPO_ROOT, 'submissions/qwen'), join(dir, 'submissions/qwen'), { recursive: true });
  git('add', '.');
  git('commit', '-q', '-m', 'x');
  return dir;
}

test('launch --target k8s: an origin that is no git URL is named as the default it came from, exit 1', (t) => {
  const dir = localClone(t);
  const sub = 'submissions/qwen/qwen3.5-9b.yaml';
  const r = runCli(['launch', sub, '--shards', '2', '--target', 'k8s'], { cwd: dir });
  assert.equal(r.code, 1);
  assert.match(r.stderr, /--repo-url defaults to the git remote origin, and its remote origin is "\/srv\/userturn", not a git URL .*; pass --repo-url/);
  // With --repo-url the origin is not asked about.
  const ok = runCli(['launch', sub, '--shards', '2', '--target', 'k8s', '--repo-url', 'https://github.com/example/userturn.git'], { cwd: dir });
  assert.equal(ok.code, 0, ok.stderr);
});
