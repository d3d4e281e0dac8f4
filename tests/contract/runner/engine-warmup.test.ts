/**
 * SGLang opens its port once its model is loaded, then warms up: until its one warm-up /generate is answered, GET
 * /health and /health_generate answer a bare 503 while /v1/models lists the model and completions are served
 * (python/sglang/srt/entrypoints/http_server.py at sgl-project/sglang 0025436e; docs/runner.md, "SGLang"). So a run
 * need not wait for the warm-up, and must not fail or hold the endpoint because of it. The simulator's --warmup-ms
 * imitates the phase (runners/sim/loading.ts).
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/** A submission served by SGLang. */
async function sglangSubmission(dir: string): Promise<string> {
  const path = join(dir, 'sglang.yaml');
  await writeFile(path, [
    'id: engine-sglang', 'display_name: Engine test', 'family: test', 'hf:', '  repo: example/model', '  revision: main',
    'params:', '  total_b: 1', '  active_b: 1', 'license: mit', 'serving:', '  engine: sglang', '  max_model_len: 32768',
    'submitter:', '  github: userturn-tests', '',
  ].join('\n'));
  return path;
}

describe('an endpoint warming up, as SGLang shows it', () => {
  let warming: SpawnedSim;
  let up: SpawnedSim;
  const started: SpawnedSim[] = [];
  before(async () => {
    const spawned = await Promise.allSettled([
      spawnSim(['--engine', 'sglang', '--warmup-ms', '600000', '--data-dir', fixtureData]),
      spawnSim(['--engine', 'sglang', '--data-dir', fixtureData]),
    ]);
    for (const s of spawned) if (s.status === 'fulfilled') started.push(s.value);
    // One that failed to start must not leave the other running (the test process would wait for it).
    const failed = spawned.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    [warming, up] = started as [SpawnedSim, SpawnedSim];
  });
  after(() => {
    for (const s of started) s.child.kill();
  });

  it('the simulator: /health and /health_generate answer a bare 503, /v1/models and completions answer', async () => {
    for (const path of ['/health', '/health_generate']) {
      const r = await fetch(`${warming.url}${path}`);
      assert.deepEqual([r.status, r.headers.get('content-type'), r.headers.get('content-length'), await r.text()], [503, null, '0', ''], path);
      const ready = await fetch(`${up.url}${path}`);
      assert.deepEqual([ready.status, ready.headers.get('content-type'), await ready.text()], [200, null, ''], path);
    }
    // SGLang has no /v1/health (llama.cpp has): a readiness route under the base URL would find nothing there.
    assert.equal((await fetch(`${warming.url}/v1/health`)).status, 404);
    const models = await fetch(`${warming.url}/v1/models`);
    assert.equal(models.status, 200);
    assert.match(JSON.stringify(await models.json()), /userturn-sim\//);
    const c = await fetch(`${warming.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'userturn-sim/restater', prompt: 'x', max_tokens: 8 }) });
    assert.equal(c.status, 200, await c.clone().text());
    assert.equal(((await c.json()) as { object?: string }).object, 'text_completion');
  });

  it('a run during the warm-up neither waits for it nor fails a request', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-warmup-'));
    const health = async () => (await warming.stats()).routes['/health'] ?? {};
    const asked = await health();
    const r = await runCli(['run', await sglangSubmission(work), '--base-url', `${warming.url}/v1`, '--limit', '2', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache', '--out', work]);
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stderr, /not ready|held/);
    const s = JSON.parse(await readFile(join(work, 'engine-sglang', 'summary.json'), 'utf8'));
    assert.equal(s.run.request_errors, 0);
    const routes = (await warming.stats()).routes;
    assert.ok((routes['/v1/completions']?.['200'] ?? 0) > 0, JSON.stringify(routes));
    assert.deepEqual(routes['/v1/completions'], { 200: routes['/v1/completions']?.['200'] }, 'every completion answered 200');
    assert.deepEqual(await health(), asked, 'the run did not ask /health');
  });
});
