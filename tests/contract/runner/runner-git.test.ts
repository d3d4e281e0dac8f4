import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { BUILT_FROM, runnerGit } from '../../../runners/probe/provenance.ts';

// Installed with npm inside a project that is a git repository, the runner's code sits in its node_modules/: git
// run there answers for the project, whose HEAD is not the code's commit.
test('runnerGit: the commit of a clone at its top; nulls for code inside another repository\'s work tree', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-runner-git-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, encoding: 'utf8' }).trim();
  mkdirSync(join(dir, 'runners'));
  writeFileSync(join(dir, 'runners/a.ts'), 'export {};\n');
  writeFileSync(join(dir, '.gitignore'), 'node_modules\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'x');
  const installed = join(dir, 'node_modules/userturn');
  mkdirSync(join(installed, 'dist-cli/runners'), { recursive: true });
  writeFileSync(join(installed, 'package.json'), '{"name":"userturn"}\n');

  assert.deepEqual(await runnerGit(dir), { commit: git('rev-parse', 'HEAD'), dirty: false });
  assert.deepEqual(await runnerGit(installed), { commit: null, dirty: null });
  writeFileSync(join(dir, 'runners/a.ts'), 'export const changed = 1;\n');
  assert.deepEqual(await runnerGit(dir), { commit: git('rev-parse', 'HEAD'), dirty: true });
});

test('runnerGit: an installed package gives the commit its build recorded (dist-cli/runner-git.json), nulls for a record of another shape', async (t) => {
  const installed = mkdtempSync(join(tmpdir(), 'ut-runner-built-'));
  t.after(() => rmSync(installed, { recursive: true, force: true }));
  mkdirSync(join(installed, 'dist-cli'));
  const record = (o: unknown) => writeFileSync(join(installed, BUILT_FROM), JSON.stringify(o));
  record({ commit: 'a'.repeat(40), dirty: false });
  assert.deepEqual(await runnerGit(installed), { commit: 'a'.repeat(40), dirty: false });
  for (const bad of [{ commit: 'a'.repeat(40) }, { commit: 'main', dirty: false }, { commit: `${'a'.repeat(40)}\n`, dirty: true }, ['x'], 'x']) {
    record(bad);
    assert.deepEqual(await runnerGit(installed), { commit: null, dirty: null }, JSON.stringify(bad));
  }
  writeFileSync(join(installed, BUILT_FROM), '{not json');
  assert.deepEqual(await runnerGit(installed), { commit: null, dirty: null });
});
