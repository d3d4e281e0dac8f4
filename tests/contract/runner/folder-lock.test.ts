/**
 * One writer per results folder (runners/results/folder-lock.ts). Two `userturn run`s into one <out>/<id> both sent
 * every request (245 of 250 answers twice, a review on 2026-11-27) and shared one commit journal; now the second
 * stops at once, sending nothing. A lock whose process is gone is taken over, and a run stopped by Ctrl-C leaves none.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli, fixtureData, qwenTemplate, root, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { FOLDER_LOCK } from '../../../runners/results/folder-lock.ts';

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '4', '--latency-ms', '150', '--data-dir', fixtureData]);
});
// A run a failed assertion left going is not waited for.
const children = new Set<ReturnType<typeof spawn>>();
after(() => {
  for (const c of children) c.kill('SIGKILL');
  return sim.stop();
});

const args = (work: string, url = sim.url, limit = '6') => ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k', '--limit', limit, '--concurrency', '4', '--progress-interval-s', '1', '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite')];
const lockOf = (work: string) => join(work, 'results', 'qwen3.5-9b', FOLDER_LOCK);

/** A run started in the background, and a promise of the moment it has answers (it holds the folder then). */
function started(argv: string[]) {
  const child = spawn(process.execPath, [cli, ...argv], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  let stderr = '';
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  const working = new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      stderr += d;
      if (/requests [1-9]\d*\//.test(stderr)) resolve();
    });
    child.on('exit', () => reject(new Error(`the run ended before it reported answers: ${stderr}`)));
  });
  return { child, exited, working };
}

/** The pid of a process that has ended. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid!;

const writeLock = (work: string, holder: object) => {
  mkdirSync(join(work, 'results', 'qwen3.5-9b'), { recursive: true });
  writeFileSync(lockOf(work), JSON.stringify({ host: hostname(), start: null, command: 'run', since: new Date().toISOString(), ...holder }));
};

describe('one writer per results folder', { timeout: 120_000 }, () => {
  it('a second run into the folder another run is writing stops at once, naming it, and sends nothing', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-lock-'));
    const first = started(args(work));
    await first.working;
    // The second run has a simulator of its own: anything it sent would show there.
    const other = await spawnSim(['--profile', 'aware', '--seed', '4', '--data-dir', fixtureData]);
    try {
      const second = await runCli(args(work, other.url));
      assert.equal(second.code, 1, second.stderr);
      // Its last line, after what setup says of the fixture data (its checksum is not the suite's).
      assert.equal(second.stderr.trimEnd().split('\n').pop(), `another userturn run (pid ${first.child.pid}) is writing ${join(work, 'results', 'qwen3.5-9b')}; wait for it or pass --out elsewhere`);
      // The stats request is the only one the simulator saw: no /v1/models look-up, no completion.
      const { routes } = await other.stats();
      assert.deepEqual(Object.keys(routes).filter((r) => r !== '/sim/stats'), [], JSON.stringify(routes));
    } finally {
      await other.stop();
    }
    const done = await first.exited;
    assert.equal(done.code, 0, done.stderr);
    assert.equal(existsSync(lockOf(work)), false, 'released when the run ends');
    assert.ok(existsSync(join(work, 'results', 'qwen3.5-9b', 'summary.json')));
  });

  it('--merge and rejudge are refused while the folder is held', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-lock-'));
    // This test process is alive: its lock is a live one.
    writeLock(work, { pid: process.pid, command: 'run' });
    const merge = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--merge', join(work, 'shard1'), '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k', '--limit', '4', '--out', join(work, 'results')]);
    assert.equal(merge.code, 1, merge.stderr);
    assert.match(merge.stderr, new RegExp(`\\nanother userturn run \\(pid ${process.pid}\\) is writing .*qwen3\\.5-9b; wait for it or pass --out elsewhere\\n$`));
    const rejudge = await runCli(['rejudge', join(work, 'results', 'qwen3.5-9b')]);
    assert.equal(rejudge.code, 1, rejudge.stderr);
    assert.match(rejudge.stderr, new RegExp(`^another userturn run \\(pid ${process.pid}\\) is writing .*qwen3\\.5-9b; wait for it, then rejudge\\n$`));
    assert.equal(JSON.parse(readFileSync(lockOf(work), 'utf8')).pid, process.pid, 'the holder keeps its lock');
  });

  for (const [what, holder, said] of [
    ['a dead pid', () => ({ pid: deadPid() }), (h: { pid: number }) => `pid ${h.pid}, no longer running`],
    ['another host', () => ({ pid: process.pid, host: 'gpu-host-that-rebooted' }), (h: { pid: number }) => `pid ${h.pid} on host gpu-host-that-rebooted, which this host (${hostname()}) cannot check`],
  ] as const) {
    it(`a lock left by ${what} is taken over, saying so`, async () => {
      const work = await mkdtemp(join(tmpdir(), 'ut-lock-'));
      const h = holder();
      writeLock(work, h);
      const r = await runCli(args(work, sim.url, '1'));
      assert.equal(r.code, 0, r.stderr);
      assert.ok(r.stderr.split('\n').includes(`${join(work, 'results', 'qwen3.5-9b')}: taking over the lock left by ${said(h)}`), r.stderr);
      assert.equal(existsSync(lockOf(work)), false);
    });
  }

  it('a run stopped by Ctrl-C leaves no lock (nor the folder it made)', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-lock-'));
    const run = started(args(work));
    await run.working;
    assert.equal(JSON.parse(readFileSync(lockOf(work), 'utf8')).pid, run.child.pid, 'held while it runs');
    run.child.kill('SIGINT');
    const r = await run.exited;
    assert.equal(r.code, 130, r.stderr);
    assert.equal(existsSync(lockOf(work)), false);
    assert.equal(existsSync(join(work, 'results')), false);
  });
});
