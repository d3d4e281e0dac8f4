import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * `.ci/run` on a machine where another process holds the dpkg lock. PATH holds only stubs: `apt-get` behaves as
 * apt does under a held lock (fails at once with "Could not get lock" unless told to wait with
 * DPkg::Lock::Timeout), `npm` records its calls; chromium and shellcheck are absent, so .ci/run installs them.
 */
it('bash .ci/run waits for a held dpkg lock instead of failing', async () => {
  const bin = await mkdtemp(join(tmpdir(), 'ut-ci-stubs-'));
  const log = join(bin, 'calls.log');
  await writeFile(join(bin, 'apt-get'), `#!/bin/bash
echo "apt-get $*" >> "${log}"
case "$*" in
  *DPkg::Lock::Timeout=*) exit 0 ;;
  *) echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)" >&2; exit 100 ;;
esac
`);
  await writeFile(join(bin, 'npm'), `#!/bin/bash\necho "npm $*" >> "${log}"\n`);
  for (const f of ['apt-get', 'npm']) await chmod(join(bin, f), 0o755);
  await symlink('/usr/bin/dirname', join(bin, 'dirname'));
  const r = spawnSync('/bin/bash', [join(root, '.ci', 'run')], { env: { PATH: bin, HOME: bin }, encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 0, r.stderr);
  const calls = (await readFile(log, 'utf8')).trim().split('\n');
  const apt = calls.filter((c) => c.startsWith('apt-get'));
  assert.equal(apt.length, 2, calls.join('\n'));
  assert.ok(apt.every((c) => /-o DPkg::Lock::Timeout=\d+/.test(c)), apt.join('\n'));
  assert.ok(calls.includes('npm test'), 'the tests still run after the packages are installed');
});
