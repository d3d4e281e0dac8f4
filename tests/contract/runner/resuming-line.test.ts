/**
 * A resumed run says so up front (runners/probe/full-run.ts resumingLine): its first lines read like a fresh start
 * ("running … 78 requests") and only the final table said how many answers came from the cache.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
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

/** The run, stopped by SIGINT once it reports finished requests; its stderr. */
function interrupted(argv: string[]): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...argv], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (d) => {
      stderr += d;
      if (/requests [1-9]\d*\/78 /.test(stderr)) child.kill('SIGINT');
    });
    child.on('exit', () => resolve(stderr));
  });
}

describe('a resumed run', { timeout: 60_000 }, () => {
  it('says how many answers the cache already holds, on the line after "running"; a first run does not', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-resuming-'));
    const first = await interrupted(args(work));
    assert.doesNotMatch(first, /^resuming:/m);
    const kept = Number(/^interrupted: (\d+) answer\(s\) of this run are in the cache/m.exec(first)?.[1]);
    assert.ok(kept > 0, first);
    const again = await runCli(args(work));
    assert.equal(again.code, 0, again.stderr);
    const lines = again.stderr.split('\n');
    const at = lines.findIndex((l) => l.startsWith('running qwen3.5-9b '));
    assert.match(lines[at]!, /: 78 requests, gsm8k 6 items$/);
    assert.equal(lines[at + 1], `resuming: ${kept} answer(s) of this model already in the cache (this run makes 78 requests; only those not answered there are sent)`, again.stderr);
  });
});
