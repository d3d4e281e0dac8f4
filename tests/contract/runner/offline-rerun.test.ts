import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { comparableResult } from '../../helpers/result-compare.ts';

// A rerun after the GPU host is released: the simulator is stopped (its port refuses connections) before the rerun.
const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
let sim: SpawnedSim;
let work: string;
before(async () => {
  sim = await spawnSim(['--profile', 'restater', '--seed', '5', '--data-dir', fixtureData]);
  work = await mkdtemp(join(tmpdir(), 'ut-offline-'));
});
after(() => sim.stop());

const run = (out: string, limit: number, cache: string[] = ['--cache', join(work, 'cache.sqlite')]) =>
  runCli(['run', SUBMISSION, '--base-url', `${sim.url}/v1`, '--limit', String(limit), '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate,
    '--out', join(work, out), ...cache]);

describe('a rerun with the endpoint gone', () => {
  it('goes on from the cache when every request of the plan is there, and writes what the same rerun writes with the endpoint up', async () => {
    const first = await run('first', 2);
    assert.equal(first.code, 0, first.stderr);
    const online = await run('online', 2);
    assert.equal(online.code, 0, online.stderr);
    await sim.stop();

    const offline = await run('offline', 2);
    assert.equal(offline.code, 0, offline.stderr);
    assert.match(offline.stderr, new RegExp(`no endpoint is ready \\(${sim.url}/v1/models: Connection error\\. \\(ECONNREFUSED\\)\\); every request of this run is in the cache: no request will be sent`));
    // It said "running qwen3.5-9b on 1 endpoint(s) serving …" of the endpoint that had just refused.
    assert.match(offline.stderr, /^running qwen3\.5-9b from the cache \(no endpoint\) as "userturn-sim\/restater": 26 requests, gsm8k 2 items$/m);
    assert.doesNotMatch(offline.stderr, /endpoint\(s\)/);
    const dir = (name: string) => join(work, name, 'qwen3.5-9b');
    assert.equal(await comparableResult(dir('offline')), await comparableResult(dir('online')), 'the same result apart from timings and the run block');
    const summary = JSON.parse(await readFile(join(dir('offline'), 'summary.json'), 'utf8'));
    assert.deepEqual(summary.provenance.endpoint_models, ['userturn-sim/restater'], 'the served name the cached answers carry');
    assert.equal(summary.provenance.simulated, true);
    assert.equal(summary.run.requests_sent, 0);
    assert.deepEqual(summary.run.endpoints, [], 'no endpoint served it');
    const validated = await runCli(['validate', join(work, 'offline')]);
    assert.equal(validated.code, 0, validated.stdout + validated.stderr);
  });

  it('fails as a run without the cache does when a request is missing, and says how many (the simulator stopped above)', async () => {
    // Two items cached, a third never asked: its 13 requests are missing.
    assert.equal(sim.child.exitCode !== null || sim.child.signalCode !== null, true, 'runs after the test above stopped the simulator');
    const partly = await run('partly', 3);
    const uncached = await run('uncached', 3, ['--no-cache']);
    assert.equal(uncached.code, 1, uncached.stderr);
    assert.equal(partly.code, uncached.code, partly.stderr);
    const reason = uncached.stderr.trim();
    assert.match(reason, /\/v1\/models: Connection error\. \(ECONNREFUSED\); nothing accepts connections at 127\.0\.0\.1:\d+: check that the server is running on that host and port .*$/);
    assert.equal(partly.stderr.trim(), `${reason}; the cache cannot stand in: 13 of its 39 requests (as "userturn-sim/restater") are not in the cache`);
    assert.equal(existsSync(join(work, 'partly')), false, 'nothing written');
  });
});
