import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { stringify } from 'yaml';
import { runCli } from '../../helpers/cli.ts';
import { paperSubmission } from '../../helpers/community-fixtures.ts';
import { qwenTemplate } from '../../helpers/processes.ts';

/** A real git clone with an https origin, one commit, docs/ and a submission whose template is a file of the clone. */
function clone(t: { after(fn: () => void): void }): { root: string; head: string } {
  const root = mkdtempSync(join(tmpdir(), 'userturn-launch-sub-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  for (const d of ['docs', 'submissions/acme', 'templates']) mkdirSync(join(root, d), { recursive: true });
  writeFileSync(join(root, 'templates/m.jinja'), (JSON.parse(readFileSync(qwenTemplate, 'utf8')) as { chat_template: string }).chat_template);
  writeFileSync(join(root, 'submissions/acme/m.yaml'), stringify({ ...paperSubmission(), id: 'm', chat_template: { source: 'file', path: 'templates/m.jinja' } }));
  writeFileSync(join(root, 'docs/README.md'), 'docs\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, encoding: 'utf8' }).trim();
  git('init', '-q');
  git('remote', 'add', 'origin', 'https://github.com/example/userturn.git');
  git('add', '.');
  git('commit', '-q', '-m', 'x');
  return { root, head: git('rev-parse', 'HEAD') };
}

// From docs/ launch refused "must be inside the repository (…/docs); run launch from the checkout's root", and from
// submissions/acme/ it wrote jobs that ran `userturn run m.yaml` at the top of the pods' clone, where no m.yaml is.
test('launch --target k8s from a subfolder writes the jobs it writes at the top: the submission path from the top, origin and HEAD', (t) => {
  const { root, head } = clone(t);
  const args = ['--shards', '2', '--target', 'k8s'];
  const top = runCli(['launch', 'submissions/acme/m.yaml', ...args], { cwd: root });
  assert.equal(top.code, 0, top.stderr);
  assert.match(top.stdout, /^\s*SUB=submissions\/acme\/m\.yaml$/m);
  assert.match(top.stdout, /git clone https:\/\/github\.com\/example\/userturn\.git \/work\/repo/);
  assert.ok(top.stdout.includes(`git checkout --detach ${head}`), 'HEAD of the clone');
  for (const [cwd, file] of [['docs', '../submissions/acme/m.yaml'], ['submissions/acme', 'm.yaml']] as const) {
    const r = runCli(['launch', file, ...args], { cwd: join(root, cwd) });
    assert.equal(r.code, 0, `${cwd}: ${r.stderr}`);
    assert.equal(r.stdout, top.stdout, cwd);
  }
  // A typed --out is read from where it was typed.
  const out = runCli(['launch', '../submissions/acme/m.yaml', ...args, '--out', 'jobs'], { cwd: join(root, 'docs') });
  assert.equal(out.code, 0, out.stderr);
  assert.equal(existsSync(join(root, 'docs/jobs')), true);
  assert.equal(existsSync(join(root, 'jobs')), false);
});
