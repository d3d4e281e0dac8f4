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

/**
 * The simulator under a launcher shell that is SIGKILLed, as npm's `sh -c` can die around it when its job is killed
 * (`npx userturn sim … &` then `kill`: a review saw the simulator keep its port). `npmCommand` is the npm_command npm
 * sets (npx: exec); the shell stays the simulator's parent (`; :` keeps it from exec-ing). Returns whether the
 * simulator still answered `waitMs` after its launcher died.
 */
async function outlivesLauncher(t: { after(fn: () => void): void }, npmCommand: string | undefined, waitMs: number): Promise<boolean> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (npmCommand === undefined) delete env.npm_command;
  else env.npm_command = npmCommand;
  // Its own process group, so a simulator that outlives the shell is killed with it at the end.
  const sh = spawn('sh', ['-c', `"${process.execPath}" "${cli}" sim --port 0 --profile aware; :`], { cwd: root, env, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
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
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/v1/models`);
    } catch {
      return false; // refused: the port is closed
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

describe('userturn sim whose launcher dies', () => {
  it('under npm (npx, npm run): it stops and frees its port', { timeout: 30_000 }, async (t) => {
    assert.equal(await outlivesLauncher(t, 'exec', 10_000), false, 'the simulator still answers 10 s after its launcher was killed');
  });
  it('started directly (nohup node bin/userturn.js sim &): it goes on serving, as a server is expected to', { timeout: 30_000 }, async (t) => {
    assert.equal(await outlivesLauncher(t, undefined, 2_000), true, 'the simulator stopped when its shell died');
  });
});
