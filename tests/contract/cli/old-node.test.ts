import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../../helpers/cli.ts';

const BIN = join(REPO_ROOT, 'bin/userturn.js');
/** bin/userturn.js run by this Node, made to report another version (as a system Node 20 would be). */
const runAs = (version: string) => spawnSync(process.execPath, ['--import', `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${version}"})`, BIN, '--version'], { cwd: REPO_ROOT, encoding: 'utf8' });

test('the userturn command on a Node older than 22.18 says what it needs in one line, exit 1, no stack trace', () => {
  for (const version of ['20.20.2', '22.17.0']) {
    const r = runAs(version);
    assert.equal(r.status, 1, r.stderr);
    assert.equal(r.stderr, `userturn needs Node.js >= 22.18; this is ${version} (${process.execPath}). In a clone, run it through npx userturn or npm run userturn -- …, which use the Node that npm ci installs; elsewhere install Node.js >= 22.18\n`);
  }
  for (const version of ['22.18.0', '24.0.0']) {
    const r = runAs(version);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^\d+\.\d+\.\d+\n$/);
  }
});
