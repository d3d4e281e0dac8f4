import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

// What `userturn sim` says when it cannot start: one line and exit 1, never a stack trace and exit 70 (a bug).
describe('userturn sim: start-up failures', () => {
  let held: SpawnedSim;
  before(async () => {
    held = await spawnSim([]);
  });
  after(() => held.stop());

  it('a port another process holds: "port P is in use", exit 1', async () => {
    const port = new URL(held.url).port;
    const r = await runCli(['sim', '--port', port]);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`port ${port} is in use`));
    assert.doesNotMatch(r.stderr, /internal error|EADDRINUSE/);
  });
});

describe('userturn sim --data-dir', () => {
  for (const [what, dir] of [
    ['a folder that does not exist', '/nonexistent-userturn-data'],
    ['a file', 'package.json'],
    ['a folder without GSM8K', 'tests'],
  ] as const) {
    it(`${what}: one line naming the folder, exit 1`, async () => {
      // A simulator that starts anyway is killed, not waited for.
      const r = await runCli(['sim', '--port', '0', '--data-dir', dir], { killAfterMs: 5000 });
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stdout, '', 'no "listening on" line');
      assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`gsm8k/test\\.jsonl: not found \\(data dir ${dir}`));
    });
  }
});
