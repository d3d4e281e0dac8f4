import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '..', '..', '..');

test('probe-job.ts --port abc exits 2 with one line naming the flag, before loading anything', () => {
  const r = spawnSync(process.execPath, [join(root, 'runners/community/probe-job.ts'), 'no-such-submission.yaml', '--port', 'abc'], { cwd: root, encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stderr.trim(), 'probe-job: --port must be an integer >= 1, got "abc"');
});
