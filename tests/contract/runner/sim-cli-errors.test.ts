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
