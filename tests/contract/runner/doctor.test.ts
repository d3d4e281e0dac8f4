import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { EngineId } from '../../../runners/engines/behaviour.ts';
import type { Misbehaviour } from '../../../runners/sim/misbehave.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim, type SimOptions } from '../../../runners/sim/server.ts';
import { fixtureData, qwenTemplate, runCli } from '../../helpers/processes.ts';

/**
 * `userturn doctor` over real HTTP against the simulator: every check passes against a simulator that behaves,
 * and each misbehaviour the simulator can be told to show fails exactly the check that is there to catch it.
 */
interface Report {
  ok: boolean;
  checks: Array<{ id: string; title: string; status: 'pass' | 'fail' | 'n/a' | 'skip'; detail: string }>;
}

const work = mkdtempSync(join(tmpdir(), 'ut-doctor-'));
function submission(engine: EngineId): string {
  const path = join(work, `${engine}.yaml`);
  writeFileSync(path, [
    `id: doctor-${engine}`, 'display_name: Doctor test', 'family: test', 'hf:', '  repo: example/model', '  revision: main',
    'params:', '  total_b: 1', '  active_b: 1', 'license: mit', 'serving:', `  engine: ${engine}`, ...(engine === 'llamacpp' || engine === 'ollama' ? ['  gguf_quant: Q4_K_M'] : []), '  max_model_len: 32768',
    'reasoning:', '  mode: none', 'submitter:', '  github: userturn-tests', '',
  ].join('\n'));
  return path;
}

const sims: RunningSim[] = [];
after(async () => {
  for (const s of sims) await s.close();
});

/** Doctor of a submission served by `engine` against a simulator of that engine (or of `sim.engine`). */
async function doctor(engine: EngineId, sim: Partial<SimOptions>, args: string[] = ['--json']) {
  const s = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 10, engine, ...sim });
  sims.push(s);
  const r = await runCli(['doctor', submission(engine), '--base-url', `${s.url}/v1`, '--template', qwenTemplate, '--data-dir', fixtureData, ...args]);
  const routes = ((await (await fetch(`${s.url}/sim/stats?keys=0`)).json()) as { routes: Record<string, Record<string, number>> }).routes;
  await s.close();
  return Object.assign(r, { routes });
}
const statuses = (r: Report) => Object.fromEntries(r.checks.map((c) => [c.id, c.status]));
const failed = (r: Report) => r.checks.filter((c) => c.status === 'fail').map((c) => c.id);

describe('userturn doctor against the simulator', () => {
  it('passes every check against a well-behaved vLLM, and prints the table', async () => {
    const r = await doctor('vllm', {}, []);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    for (const id of ['model', 'engine', 'special-tokens', 'template', 'generation', 'stop', 'context']) assert.match(r.stdout, new RegExp(`^${id} +pass `, 'm'));
    assert.match(r.stdout, /engine +pass +engine and version: vllm 0\.0\.0-userturn-sim/);
    assert.match(r.stdout, /every check passed/);
  });

  it('--json: ok and one {id, title, status, detail} per check, in order', async () => {
    const r = await doctor('vllm', {});
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    assert.equal(report.ok, true);
    assert.deepEqual(report.checks.map((c) => c.id), ['model', 'engine', 'special-tokens', 'template', 'generation', 'stop', 'context']);
    for (const c of report.checks) assert.deepEqual(Object.keys(c).sort(), ['detail', 'id', 'status', 'title']);
    assert.match(report.checks[0]!.detail, /"userturn-sim\/restater"/);
  });

  it('passes against a server on a port the global fetch refuses (6665-6669, 6000, 10080…), as the run reaches it', async (t) => {
    // Those are the ports browsers block; doctor sent its requests through fetch and failed the model check with a
    // bare "fetch failed", though `userturn run` (the runner's own transport) ran the probe against that server.
    let s: RunningSim | undefined;
    for (const port of [6666, 6667, 6668, 6669, 6665, 10080, 6000]) {
      s = await startSim({ port, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 10, engine: 'vllm' }).catch(() => undefined);
      if (s) break;
    }
    if (!s) return t.skip('every blocked port is in use');
    sims.push(s);
    const r = await runCli(['doctor', submission('vllm'), '--base-url', `${s.url}/v1`, '--template', qwenTemplate, '--data-dir', fixtureData, '--json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(failed(JSON.parse(r.stdout) as Report), []);
  });

  // llama.cpp answers through its own routes (/props, /apply-template, /tokenize with pieces); SGLang and TGI
  // render no chat template on request, so that check is not available there: neither a pass nor a failure.
  for (const [engine, na] of [['llamacpp', []], ['sglang', ['template']], ['tgi', ['template']]] as const) {
    it(`passes against a well-behaved ${engine} (n/a: ${na.join(', ') || 'none'})`, async () => {
      const r = await doctor(engine, {});
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const s = statuses(JSON.parse(r.stdout) as Report);
      for (const [id, status] of Object.entries(s)) assert.equal(status, (na as readonly string[]).includes(id) ? 'n/a' : 'pass', `${id}: ${r.stdout}`);
    });
  }

  it('SGLang started without --context-length: the window is the max_model_len /v1/models lists, as /get_server_info\'s context_length is then null', async () => {
    // http_server.py (sgl-project/sglang 0025436e): /get_server_info returns the server arguments, context_length as
    // given on the command line; /v1/models lists model_config.context_len. The context check used to say n/a here.
    const r = await doctor('sglang', {});
    const context = (JSON.parse(r.stdout) as Report).checks.find((c) => c.id === 'context')!;
    // The window less the 2 tokens SGLang keeps back (engine-api.ts).
    assert.deepEqual([context.status, /≤ 32766 tokens, the engine's 32768 \(max_model_len of GET \/v1\/models\) less 2/.test(context.detail)], ['pass', true], context.detail);
  });

  const cases: Array<[Misbehaviour, EngineId, string, RegExp]> = [
    ['wrong-template', 'vllm', 'template', /renders the probe differently .* first difference at token 0/],
    ['wrong-template', 'llamacpp', 'template', /the engine has "<\|begin_of_text\|>/],
    ['split-special', 'vllm', 'special-tokens', /<\|im_start\|> is 7 ids/],
    ['split-special', 'tgi', 'special-tokens', /<\|im_start\|> is 7 ids/],
    ['ignore-stops', 'vllm', 'stop', /ran past its end: "<\|im_start\|>assistant"/],
    ['ignore-stops', 'llamacpp', 'stop', /ran past its end: "assistant"/],
    ['short-context', 'vllm', 'context', /> the engine's 1024 \(max_model_len of POST \/tokenize\)/],
    ['short-context', 'llamacpp', 'context', /> the engine's 1024 \(n_ctx of GET \/props\)/],
    ['short-context', 'sglang', 'context', /> 1022, the engine's 1024 \(max_model_len of GET \/v1\/models\) less 2/],
  ];
  for (const [mb, engine, check, detail] of cases) {
    it(`--misbehave ${mb} (${engine}): exit 1, only the ${check} check fails, and says why`, async () => {
      const r = await doctor(engine, { misbehave: new Set([mb]) });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const report = JSON.parse(r.stdout) as Report;
      assert.equal(report.ok, false);
      assert.deepEqual(failed(report), [check]);
      assert.match(report.checks.find((c) => c.id === check)!.detail, detail);
    });
  }

  it('a thinking template rendered with enable_thinking: false fails the template check against the simulator, and the detail says the simulator is why', async () => {
    const path = join(work, 'thinking.yaml');
    writeFileSync(path, readFileSync(submission('vllm'), 'utf8').replace('reasoning:\n  mode: none', 'generation:\n  template_kwargs: {enable_thinking: false}\nreasoning:\n  mode: think_tags'));
    const s = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 10, engine: 'vllm' });
    sims.push(s);
    const r = await runCli(['doctor', path, '--base-url', `${s.url}/v1`, '--template', qwenTemplate, '--data-dir', fixtureData, '--json']);
    const report = JSON.parse(r.stdout) as Report;
    assert.deepEqual(failed(report), ['template'], r.stdout + r.stderr);
    assert.match(report.checks.find((c) => c.id === 'template')!.detail, /renders the probe differently .*; the served model is the userturn simulator, whose own template is plain ChatML/);
  });

  it('Ollama: the engine row names its version (GET /api/version); it said "does not answer … is the server really ollama?"', async () => {
    const r = await doctor('ollama', {});
    const engine = (JSON.parse(r.stdout) as Report).checks.find((c) => c.id === 'engine')!;
    assert.equal(engine.status, 'pass', engine.detail);
    assert.equal(engine.detail, 'ollama 0.0.0-userturn-sim (GET /api/version)');
    // Its generation and stop checks are sent as a run sends them: to Ollama's own route, not /v1/completions.
    assert.ok(Object.keys(r.routes).some((k) => k.includes('/api/generate')), JSON.stringify(r.routes));
    assert.ok(!Object.keys(r.routes).some((k) => k.includes('/v1/completions')), JSON.stringify(r.routes));
  });

  it('a server that identifies as another engine than serving.engine fails the engine check (it passed, and a run templated every turn twice)', async () => {
    for (const [submitted, served, detail] of [
      ['vllm', 'ollama', /^the server is Ollama 0\.0\.0-userturn-sim \(it answers GET \/api\/version, not vLLM's GET \/version\), but serving\.engine is vllm: .*set serving\.engine: ollama$/],
      ['ollama', 'vllm', /^the server is vLLM 0\.0\.0-userturn-sim \(it answers GET \/version, not Ollama's GET \/api\/version\), but serving\.engine is ollama/],
      ['tgi', 'llamacpp', /^the server is llama\.cpp b0-0\.0\.0-userturn-sim \(it answers build_info of GET \/props, not TGI's GET \/info\)/],
    ] as const) {
      const r = await doctor(submitted, { engine: served });
      assert.equal(r.code, 1, `${submitted} on ${served}: ${r.stdout}`);
      const engine = (JSON.parse(r.stdout) as Report).checks.find((c) => c.id === 'engine')!;
      assert.equal(engine.status, 'fail', `${submitted} on ${served}: ${engine.detail}`);
      assert.match(engine.detail, detail);
      // The checks that ask the named engine's routes do not blame it for the other engine's lack of them.
      const skipped = (JSON.parse(r.stdout) as Report).checks.filter((c) => c.status === 'skip').map((c) => c.id);
      assert.deepEqual(skipped, ['special-tokens', 'template', 'context'], `${submitted} on ${served}: ${r.stdout}`);
    }
  });

  it('llama.cpp still loading its model (it lists the model meanwhile): the model check fails saying so, the rest is skipped', async () => {
    // The model check passed and every later check failed with a 503 of its own.
    const r = await doctor('llamacpp', { loadingMs: 600_000 });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const report = JSON.parse(r.stdout) as Report;
    assert.deepEqual(failed(report), ['model']);
    assert.match(report.checks[0]!.detail, /"userturn-sim\/restater" is listed but not loaded yet: http:\/\/127\.0\.0\.1:\d+\/v1\/health answers 503/);
    for (const id of ['special-tokens', 'template', 'generation', 'stop', 'context']) assert.equal(statuses(report)[id], 'skip', id);
  });

  it('an engine that fails every completion fails the generation (and stop) checks', async () => {
    const r = await doctor('vllm', { faults: { 500: 1 } });
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout) as Report;
    assert.deepEqual(failed(report), ['generation', 'stop']);
    assert.match(report.checks.find((c) => c.id === 'generation')!.detail, /HTTP 500/);
  });

  it('a model the endpoint does not serve fails the model check and skips the checks that need it; the table names it', async () => {
    const r = await doctor('vllm', {}, ['--model', 'other/model']);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^model +FAIL +served model: --model "other\/model" is not served \(served: userturn-sim\/restater\)/m);
    assert.match(r.stdout, /^generation +skip /m);
    assert.match(r.stdout, /1 check\(s\) failed: model/);
  });

  it('without an endpoint it is a usage error (exit 2)', async () => {
    const r = await runCli(['doctor', submission('vllm')], { env: { USERTURN_BASE_URL: '' } });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no endpoint: pass --base-url/);
  });
});
