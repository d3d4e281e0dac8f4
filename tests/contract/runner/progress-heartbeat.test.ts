/**
 * Progress while nothing finishes: against a server that never answers, `userturn run` used to say nothing until the
 * first request had timed out (a review waited 6 s at a 1 s interval; with the defaults it would be minutes).
 */
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--faults', 'hang=1.0', '--data-dir', fixtureData]);
});
after(() => sim.stop());

describe('a run against a host that hangs', { timeout: 60_000 }, () => {
  it('prints a progress line every interval before any request finishes, with the requests in flight', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-heartbeat-'));
    const r = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k', '--limit', '1', '--first-byte-timeout-ms', '3500', '--retries', '0', '--progress-interval-s', '1', '--no-cache', '--out', join(work, 'results')]);
    assert.equal(r.code, 1, r.stderr);
    const waiting = r.stderr.split('\n').filter((l) => /^requests 0\/13 \(0%\) .* · 1 in flight$/.test(l));
    assert.ok(waiting.length >= 2, `progress lines while the first request hung:\n${r.stderr}`);
    // The assistant turn and the reference condition's user turn (which needs no answer) both hang and fail.
    assert.match(r.stderr, /requests 13\/13 \(100%\) .* · 0 in flight, 2 failed$/m);
  });
});
