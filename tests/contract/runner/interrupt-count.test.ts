/**
 * The line a run stopped by Ctrl-C or SIGTERM prints says how many of its answers are in the cache
 * (runners/probe/full-run.ts). The handler commits the answers still waiting for their group commit, so they count:
 * before, the line counted only the committed ones and said "0 answer(s)" for a run whose answers all waited
 * (a review, 2026-11-27, found it one short on a SIGINT at a random moment).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { cli, fixtureData, qwenTemplate, root, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const HOLD = join(root, 'tests', 'fixtures', 'preload', 'hold-group-commit.mjs');
let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '4', '--data-dir', fixtureData]);
});
after(() => sim.stop());

const rows = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM responses').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('the count a signal prints', { timeout: 60_000 }, () => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal} with every answer waiting for its commit: the line counts them, as many as the cache then holds`, async () => {
      const work = await mkdtemp(join(tmpdir(), 'ut-interrupt-count-'));
      const cache = join(work, 'cache.sqlite');
      // 2 items of gsm8k, 2 at a time: their assistant answers wait for their commit, and nothing else is asked meanwhile.
      const argv = ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k', '--limit', '2', '--concurrency', '2', '--out', join(work, 'results'), '--cache', cache];
      const base = await sim.completedCount();
      const child = spawn(process.execPath, [cli, ...argv], { cwd: root, env: { ...process.env, NODE_OPTIONS: `--import ${HOLD}` }, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      while (!stderr.includes('TEST: an answer waits') || (await sim.completedCount()) - base < 2) await new Promise((r) => setTimeout(r, 10));
      child.kill(signal);
      assert.equal(await exited, code, stderr);
      const m = /^interrupted: (\d+) answer\(s\) of this run are in the cache/m.exec(stderr);
      assert.ok(m, stderr);
      const held = rows(cache);
      assert.ok(held >= 1, `${held} answers in the cache`);
      assert.equal(Number(m[1]), held, stderr);
    });
  }
});
