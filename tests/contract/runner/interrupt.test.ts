/**
 * Ctrl-C (SIGINT) and a scheduler's SIGTERM during a run (runners/probe/on-interrupt.ts): the answers waiting for
 * their group commit are kept, the samples' temp files go, one line says so, and the exit code is the signal's.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli, fixtureData, qwenTemplate, root, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '4', '--latency-ms', '150', '--data-dir', fixtureData]);
});
after(() => sim.stop());

const args = (work: string) => ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k', '--limit', '6', '--concurrency', '4', '--progress-interval-s', '1', '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite')];

/** The run, sent `signal` once it reports some finished requests; its exit code and stderr. */
function interrupted(argv: string[], signal: NodeJS.Signals): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...argv], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let sent = false;
    child.stderr!.on('data', (d) => {
      stderr += d;
      if (!sent && /requests [1-9]\d*\/78 /.test(stderr)) {
        sent = true;
        child.kill(signal);
      }
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('a run interrupted by a signal', { timeout: 120_000 }, () => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal}: exit ${code}, one line saying what is kept, no temp file; the rerun finds those answers in the cache`, async () => {
      const work = await mkdtemp(join(tmpdir(), 'ut-interrupt-'));
      const r = await interrupted(args(work), signal);
      assert.equal(r.code, code, r.stderr);
      const m = /^interrupted: (\d+) answer\(s\) of this run are in the cache \(.*cache\.sqlite\); rerun the same command to resume$/m.exec(r.stderr);
      assert.ok(m, r.stderr);
      const kept = Number(m[1]);
      assert.ok(kept > 0);
      // No temp file, and no empty folder this run made (`validate` would call it "nothing to validate").
      assert.equal(existsSync(join(work, 'results')), false, 'the run wrote no result: no results folder');
      const again = await runCli([...args(work), '--json']);
      assert.equal(again.code, 0, again.stderr);
      const hits = (JSON.parse(again.stdout.trim().split('\n').pop()!) as { requests: { cache_hits: number } }).requests.cache_hits;
      assert.ok(hits >= kept, `${hits} cache hits for ${kept} answers kept`);
    });
  }
});
