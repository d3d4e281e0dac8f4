import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../../helpers/cli.ts';

const guard = join(REPO_ROOT, 'runners/cli/exit-guard.ts');
const run = (body: string) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', `import { exitUnlessSettled } from ${JSON.stringify(guard)};\n${body}`], { encoding: 'utf8' });

test('a command whose promise never settles exits 70 with one line, not 0 (the event loop emptied under it)', () => {
  const r = run('await Promise.race([exitUnlessSettled(new Promise(() => {})), Promise.resolve()]);');
  assert.equal(r.status, 70, r.stderr);
  assert.match(r.stderr, /^userturn: internal error: the command stopped before it finished/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
});

test('a command that settles keeps its own exit code, and an explicit non-zero exit is left alone', () => {
  const ok = run('exitUnlessSettled(Promise.resolve(0)).then((c) => { process.exitCode = c; });');
  assert.equal(ok.status, 0, ok.stderr);
  assert.equal(ok.stderr, '');
  const failed = run('exitUnlessSettled(new Promise(() => {})); process.exitCode = 1;');
  assert.equal(failed.status, 1);
  assert.equal(failed.stderr, '');
});
