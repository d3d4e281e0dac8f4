/**
 * llama.cpp listens before its model is loaded: /v1/models lists the model while every completion answers 503
 * "Loading model" (tools/server/server-http.cpp). A run that took the list as ready sent every request into 503s
 * until its retries ran out. The simulator's --loading-ms imitates that phase (runners/sim/loading.ts).
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/** A submission served by llama.cpp (engine-probe.ts writes the same shape). */
async function llamacppSubmission(dir: string): Promise<string> {
  const path = join(dir, 'llamacpp.yaml');
  await writeFile(path, [
    'id: engine-llamacpp', 'display_name: Engine test', 'family: test', 'hf:', '  repo: example/model-GGUF', '  revision: main',
    'params:', '  total_b: 1', '  active_b: 1', 'license: mit', 'serving:', '  engine: llamacpp', '  gguf_quant: Q4_K_M', '  max_model_len: 32768',
    'submitter:', '  github: userturn-tests', '',
  ].join('\n'));
  return path;
}

describe('an endpoint still loading its model, as llama.cpp shows it', () => {
  let loading: SpawnedSim;
  let ready: SpawnedSim;
  before(async () => {
    [loading, ready] = await Promise.all([
      spawnSim(['--engine', 'llamacpp', '--special', '--loading-ms', '600000', '--data-dir', fixtureData]),
      spawnSim(['--engine', 'llamacpp', '--special', '--data-dir', fixtureData]),
    ]);
  });
  after(() => {
    loading.child.kill();
    ready.child.kill();
  });

  it('the simulator: /v1/models lists the model, /health and completions answer 503 "Loading model"', async () => {
    const models = await fetch(`${loading.url}/v1/models`);
    assert.equal(models.status, 200);
    assert.match(JSON.stringify(await models.json()), /userturn-sim\//);
    for (const [path, init] of [['/health', {}], ['/v1/health', {}], ['/v1/completions', { method: 'POST', body: '{"model":"m","prompt":"x"}' }]] as const) {
      const r = await fetch(`${loading.url}${path}`, init);
      assert.equal(r.status, 503, path);
      assert.deepEqual(await r.json(), { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } });
    }
    const health = await fetch(`${ready.url}/health`);
    assert.deepEqual([health.status, await health.json()], [200, { status: 'ok' }]);
  });

  it('alone: the run stops before any completion, saying the endpoint cannot serve yet', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-loading-'));
    const sent = async () => (await loading.stats()).routes['/v1/completions']?.['503'] ?? 0;
    const before = await sent();
    const r = await runCli(['run', await llamacppSubmission(work), '--base-url', `${loading.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache', '--out', work]);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /\/v1\/health: 503 Loading model \(it lists its model but cannot serve it yet\)/);
    assert.equal(await sent(), before, 'no completion was sent');
  });

  it('beside a loaded one: named on stderr, and the run completes on the other', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-loading-'));
    const r = await runCli(['run', await llamacppSubmission(work), '--base-url', `${loading.url}/v1`, '--base-url', `${ready.url}/v1`, '--limit', '2', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache', '--out', work]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /^warning: not ready, held until it is \(looked up again every few seconds\): http:\/\/127\.0\.0\.1:\d+\/v1\/health: 503 Loading model \(it lists its model but cannot serve it yet\)$/m);
    const s = JSON.parse(await readFile(join(work, 'engine-llamacpp', 'summary.json'), 'utf8'));
    assert.equal(s.run.request_errors, 0);
  });

  it('one that finishes loading during the run is taken in once a later look-up finds it ready', async () => {
    // Loading must outlast the run's own start-up (module loading, template and data: over a second under CI load,
    // when 1 s of loading was over before the first look-up), and the run must outlast the second look-up (2 s, then
    // 4 s more): 39 answers at 0.5 s, two at a time, take about 10 s on one endpoint.
    const soon = await spawnSim(['--engine', 'llamacpp', '--special', '--loading-ms', '4000', '--latency-ms', '500', '--data-dir', fixtureData]);
    const slow = await spawnSim(['--engine', 'llamacpp', '--special', '--latency-ms', '500', '--data-dir', fixtureData]);
    try {
      const work = await mkdtemp(join(tmpdir(), 'ut-loading-'));
      const r = await runCli(['run', await llamacppSubmission(work), '--base-url', `${soon.url}/v1`, '--base-url', `${slow.url}/v1`, '--limit', '3', '--datasets', 'gsm8k', '--concurrency', '2', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache', '--out', work]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, new RegExp(`^${soon.url.replace(/[.]/g, '\\.')}/v1 is ready now \\(serving "userturn-sim/restater"\\): it takes requests from here on$`, 'm'));
      const line = new RegExp(`^  endpoint ${soon.url.replace(/[.]/g, '\\.')}/v1: (\\d+) attempts, 0 failed$`, 'm').exec(r.stdout);
      assert.ok(line && Number(line[1]) > 0, r.stdout);
    } finally {
      soon.child.kill();
      slow.child.kill();
    }
  });
});
