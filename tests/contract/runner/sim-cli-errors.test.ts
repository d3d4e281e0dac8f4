import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { cli, root, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

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

describe('userturn sim started in the background through npx', () => {
  it('its launcher killed (npm and the shell npm runs it in), the simulator stops and frees its port', { timeout: 30_000 }, async (t) => {
    // `npx userturn sim … &` then `kill`: npm and its `sh -c` end, the simulator (their child) is handed to another
    // parent. The shell here stays the simulator's parent (`; :` keeps it from exec-ing) as npm's does.
    // Its own process group, so a simulator that outlives the shell is killed with it at the end (the test fails).
    const sh = spawn('sh', ['-c', `"${process.execPath}" "${cli}" sim --port 0 --profile aware; :`], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
    t.after(() => {
      try {
        process.kill(-sh.pid!, 'SIGKILL');
      } catch {
        // the group is gone: the simulator stopped
      }
    });
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: sh.stdout! }).on('line', (l) => {
        const m = /^listening on (\S+)$/.exec(l);
        if (m) resolve(m[1]!);
      });
      sh.once('exit', () => reject(new Error('the shell exited before the simulator listened')));
    });
    assert.equal((await fetch(`${url}/v1/models`)).status, 200);
    sh.kill('SIGKILL');
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await fetch(`${url}/v1/models`);
      } catch {
        break; // refused: the port is closed
      }
      assert.ok(Date.now() < deadline, 'the simulator still answers 10 s after its launcher was killed');
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});
