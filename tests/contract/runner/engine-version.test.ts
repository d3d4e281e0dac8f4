/**
 * A run records the version of the engine that served it (RunInfo.engine_versions), asked at its start of each
 * endpoint through the engine's own version route (runners/client/engine-version.ts), over real HTTP to the simulator
 * imitating each engine's route and body (runners/sim/version-route.ts). A route that is missing or never answers
 * gives null and changes nothing else; a hostile version is cut or refused, never written as it came.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { EngineId } from '../../../runners/engines/types.ts';
import { clearSecrets } from '../../../runners/io/secrets.ts';
import { runProbeCommand } from '../../../runners/probe/run-probe.ts';
import type { RunOptions } from '../../../runners/probe/run-options.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';
import type { SimOptions } from '../../../runners/sim/context.ts';
import { ENGINE_VERSION_MAX, ResultSummary } from '../../../src/schema/index.ts';
import { fixtureData, qwenTemplate, root } from '../../helpers/processes.ts';

const sims: RunningSim[] = [];
after(async () => {
  await Promise.all(sims.map((s) => s.close()));
  clearSecrets();
});

async function submission(dir: string, engine: EngineId): Promise<string> {
  const file = join(dir, `v-${engine}.yaml`);
  const gguf = engine === 'llamacpp' || engine === 'ollama';
  await writeFile(file, [`id: v-${engine}`, `display_name: v-${engine}`, 'family: test', 'hf:', `  repo: example/model${gguf ? '-GGUF' : ''}`, '  revision: main', 'params:', '  total_b: 1', '  active_b: 1', 'license: mit',
    'serving:', `  engine: ${engine}`, ...(gguf ? ['  gguf_quant: Q4_K_M'] : []), '  max_model_len: 32768', 'reasoning:', '  mode: none', 'submitter:', '  github: userturn-tests', ''].join('\n'));
  return file;
}

/**
 * `userturn run` in this process (one GSM8K item, no cache, `concurrency` requests at once) against a simulator
 * imitating `engine` with `sim` options, and against more simulators as `others` options give them.
 */
async function run(engine: EngineId, sim: Partial<SimOptions> = {}, others: Array<Partial<SimOptions>> = [], concurrency = 4) {
  const start = (o: Partial<SimOptions>) => startSim({ port: 0, profile: PROFILES.aware!, seed: 3, latencyMs: 0, faults: {}, retryAfterMs: 10, dataDir: fixtureData, engine, ...o });
  const started = await Promise.all([sim, ...others].map(start));
  sims.push(...started);
  const work = await mkdtemp(join(tmpdir(), 'ut-engine-version-'));
  const logs: string[] = [];
  const opts: RunOptions = {
    root, submissionPath: await submission(work, engine), suitePath: join(root, 'benchmark/suites/v2.yaml'), baseURLs: started.map((s) => `${s.url}/v1`), concurrency, timeoutMs: 30_000, maxAttempts: 2, backoffBaseMs: 10, backoffMaxMs: 50,
    dataDir: fixtureData, cacheDir: join(work, 'hub'), cachePath: null, outDir: join(work, 'results'), templateOverride: qwenTemplate, limit: 1, datasets: ['gsm8k'],
    shard: null, judgeConfigs: [], tty: false, progressIntervalMs: 600_000, log: (m) => logs.push(m), out: () => {}, progressWrite: () => {},
    recheck: { firstMs: 100, maxMs: 200 },
  };
  const t0 = performance.now();
  const outcome = await runProbeCommand(opts);
  const ms = performance.now() - t0;
  assert.equal(outcome.exitCode, 0, logs.join('\n'));
  const dir = join(work, 'results', `v-${engine}`);
  const summary = ResultSummary.parse(JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')));
  // The samples without their timings, which differ from run to run.
  const samples = (await readFile(join(dir, 'samples', 'gsm8k.jsonl'), 'utf8')).replace(/"timings":\{[^}]*\}/g, '"timings":{}');
  return { versions: summary.run.engine_versions, samples, logs, ms };
}

describe('each engine: the run records the version its own route reports', () => {
  const reported: Record<EngineId, string> = { vllm: '0.11.0', sglang: '0.5.4.post1', tgi: '3.3.6', llamacpp: 'b6800-1a2b3c4', ollama: '0.12.6' };
  for (const [engine, version] of Object.entries(reported) as Array<[EngineId, string]>) {
    it(`${engine} ${version}`, async () => {
      const { versions } = await run(engine, { engineVersion: version });
      assert.deepEqual(versions, [{ engine, version }]);
    });
  }
});

describe('an endpoint whose version route does not answer: null, and the run is otherwise the same', () => {
  it('missing (404) or hanging, the samples are those of a run whose route answered', async () => {
    const answered = await run('vllm', { engineVersion: '0.11.0' });
    const missing = await run('vllm', { versionRoute: 'missing' });
    const hanging = await run('vllm', { versionRoute: 'hang' });
    assert.deepEqual(missing.versions, [{ engine: 'vllm', version: null }]);
    assert.deepEqual(hanging.versions, [{ engine: 'vllm', version: null }]);
    assert.equal(missing.samples, answered.samples);
    assert.equal(hanging.samples, answered.samples);
    // The hanging route is given up on after VERSION_ASK_MS (2 s), not the run's 30 s request timeout.
    assert.ok(hanging.ms < 12_000, `the run took ${Math.round(hanging.ms)} ms`);
  });
});

describe('hostile version text', () => {
  it('a 10 kB version is cut to the recorded length', async () => {
    const { versions } = await run('sglang', { engineVersion: `0.5.4${'x'.repeat(10_000)}` });
    assert.equal(versions?.length, 1);
    const v = versions![0]!.version!;
    assert.equal(v.length, ENGINE_VERSION_MAX);
    assert.ok(v.startsWith('0.5.4xxx') && v.endsWith('…'), v);
  });
  it('markup is recorded as the text it is (the site escapes it)', async () => {
    const { versions } = await run('tgi', { engineVersion: '<img src=x onerror=alert(1)>' });
    assert.deepEqual(versions, [{ engine: 'tgi', version: '<img src=x onerror=alert(1)>' }]);
  });
  it('a control or bidirectional character refuses the version: null, with a warning naming the route', async () => {
    for (const bad of ['0.11.0\u001b[31m', '0.11.0\u202egnp.exe']) {
      const { versions, logs } = await run('vllm', { engineVersion: bad });
      assert.deepEqual(versions, [{ engine: 'vllm', version: null }]);
      assert.ok(logs.some((l) => /^warning: http:\/\/127\.0\.0\.1:\d+\/version reports an engine version that contains .*: not recorded$/.test(l)), logs.join('\n'));
    }
  });
});

describe('an endpoint taken in after the start', () => {
  it('has its version asked then too: a llama.cpp host still loading at the start and ready midway adds its build', async () => {
    // One request at a time, 300 ms each (some 12 requests): the run outlasts the second host's 2 s of loading.
    const { versions, logs } = await run('llamacpp', { engineVersion: 'b6800-aaaaaaa', latencyMs: 300 }, [{ engineVersion: 'b6900-bbbbbbb', latencyMs: 300, loadingMs: 2_000 }], 1);
    assert.ok(logs.some((l) => / is ready now /.test(l)), logs.join('\n'));
    // Before, only the endpoints ready at the start were asked: [b6800-aaaaaaa].
    assert.deepEqual(versions, [{ engine: 'llamacpp', version: 'b6800-aaaaaaa' }, { engine: 'llamacpp', version: 'b6900-bbbbbbb' }]);
  });
});
