import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { classify } from '../../../runners/client/classify.ts';
import { createEndpoints } from '../../../runners/client/endpoints.ts';
import { attemptOllamaGenerate, ollamaGenerateBody, ollamaGenerateUrl, readOllamaStream } from '../../../runners/client/ollama-generate.ts';
import { ENGINES } from '../../../runners/engines/behaviour.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim } from '../../../runners/sim/server.ts';
import { SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';
import { MORE, probe, probeOk, sims, stopped, TEMPLATES } from '../../helpers/engine-probe.ts';

/**
 * Ollama over real HTTP: the runner asks its native /api/generate with `raw: true`, so the prompt the runner
 * rendered is the prompt the model sees. The simulator's Ollama applies the template again when raw is not
 * sent (as Ollama does), and the probe then gets no user turn at all: the test fails if `raw: true` is dropped.
 */
after(async () => {
  for (const s of sims) await s.close();
});

const [QWEN, GPT_OSS, GLM] = TEMPLATES as [(typeof TEMPLATES)[0], (typeof TEMPLATES)[0], (typeof TEMPLATES)[0]];
const body = { model: 'm', prompt: '<|im_start|>user\n', max_tokens: 64, temperature: 0.7, top_p: 0.9, seed: 3, stop: ['<|im_end|>'] };

describe('the Ollama adapter', () => {
  it('sends raw: true, truncate: false (a prompt longer than the context is refused, not cut in its middle) and the sampling settings in options to /api/generate at the server root', () => {
    assert.deepEqual(ollamaGenerateBody(body), { model: 'm', prompt: '<|im_start|>user\n', raw: true, truncate: false, stream: true, options: { temperature: 0.7, top_p: 0.9, seed: 3, num_predict: 64, stop: ['<|im_end|>'] } });
    assert.equal(ollamaGenerateUrl('http://h:11434/v1'), 'http://h:11434/api/generate');
    assert.equal(ollamaGenerateUrl('http://h/proxy/v1/'), 'http://h/proxy/api/generate');
  });

  it('reads an NDJSON stream into one answer, and refuses a stream without done: true as cut', async () => {
    const lines = (xs: unknown[]) => new Blob([xs.map((x) => JSON.stringify(x)).join('\n')]).stream();
    const done = { model: 'm', response: '', done: true, done_reason: 'stop', prompt_eval_count: 5, eval_count: 2 };
    const ok = await readOllamaStream(lines([{ model: 'm', response: 'Hi', done: false }, { model: 'm', response: ' there', done: false }, done]));
    assert.deepEqual(ok.choices, [{ index: 0, text: 'Hi there', finish_reason: 'stop' }]);
    assert.deepEqual([ok.model, ok.usage], ['m', { prompt_tokens: 5, completion_tokens: 2 }]);
    await assert.rejects(readOllamaStream(lines([{ model: 'm', response: 'Hi', done: false }])), /without a done: true line/);
    await assert.rejects(readOllamaStream(lines([{ error: 'model runner crashed' }])), /error in stream: model runner crashed/);
  });

  it('the simulator answers a raw prompt as sent and a templated one as an assistant reply', async () => {
    const s = await startSim({ port: 0, profile: PROFILES.aware!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 10, engine: 'ollama' });
    sims.push(s);
    const ask = async (raw: boolean) => {
      const r = await fetch(`${s.url}/api/generate`, { method: 'POST', body: JSON.stringify({ model: 'userturn-sim/aware', prompt: '<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n4<|im_end|>\n<|im_start|>user\n', raw, stream: false, options: { temperature: 0, num_predict: 256, stop: ['<|im_end|>'] } }) });
      return (await r.json()) as { response: string; done: boolean };
    };
    const [asSent, templated] = [await ask(true), await ask(false)];
    assert.ok(asSent.done && templated.done);
    assert.notEqual(asSent.response, templated.response, 'the template changes what the model is asked');
  });
});

describe('a model Ollama does not serve', () => {
  it("answers 404 on /api/generate and on /v1/completions (the OpenAI error there), as Ollama does", async () => {
    const s = await startSim({ port: 0, profile: PROFILES.aware!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 10, engine: 'ollama' });
    sims.push(s);
    const native = await fetch(`${s.url}/api/generate`, { method: 'POST', body: JSON.stringify({ model: 'nope', prompt: 'x', raw: true, stream: false }) });
    assert.equal(native.status, 404);
    assert.deepEqual(await native.json(), { error: "model 'nope' not found" });
    const openai = await fetch(`${s.url}/v1/completions`, { method: 'POST', body: JSON.stringify({ model: 'nope', prompt: 'x', max_tokens: 4 }) });
    assert.equal(openai.status, 404);
    assert.deepEqual(await openai.json(), { error: { message: "model 'nope' not found", type: 'not_found_error', param: null, code: null } });
  });
});

describe('user turns through Ollama', () => {
  for (const t of [QWEN, GPT_OSS]) {
    it(`${t.name}: correct user turns, never an assistant reply`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
      const samples = await probeOk('ollama', t, { runPast: false });
      for (const x of samples) assert.ok(!x.user_turn.includes(MORE), `${x.id}: ${JSON.stringify(x.user_turn)}`);
      assert.ok(stopped(samples).length >= 10);
    });
  }

  it('GLM-style, or a model that runs on past its end of turn: Ollama drops the role header from its text, so neither it nor the runner can stop there (docs/runner.md, "Ollama")', { skip: QWEN.path ? false : SKIP_REAL_TEMPLATES }, async () => {
    for (const [t, runPast] of [[GLM, false], [QWEN, true]] as const) {
      const samples = await probeOk('ollama', t, { runPast });
      assert.ok(stopped(samples).filter((x) => x.user_turn.includes(MORE)).length >= 10, t.name);
    }
  });

  it('the same probe through /v1/completions, where Ollama templates the prompt again, gets assistant replies instead of user turns', { skip: QWEN.path ? false : SKIP_REAL_TEMPLATES }, async () => {
    const good = await probeOk('ollama', QWEN, { runPast: false });
    const { samples: bad } = await probe('ollama', QWEN, { runPast: false, client: { ...ENGINES.ollama, api: 'openai_completions' } });
    const byId = new Map(good.map((x) => [x.id, x.user_turn]));
    const same = bad.filter((x) => byId.get(x.id) === x.user_turn);
    assert.equal(same.length, 0, `no user turn survives the second template (${same.length} of ${bad.length} did)`);
  });
});

describe("the simulator's faults on Ollama's /api/generate (they used to be drawn for /v1/completions only)", () => {
  // What the runner's Ollama client makes of each fault, as the retry classifier records it.
  const expected: Record<string, RegExp> = {
    '500': /^http_500$/,
    '429': /^http_429$/,
    reset: /^connection$/,
    hang: /^timeout$/,
    stall_first: /^timeout$/,
    stall_mid: /^timeout$/,
    malformed: /^malformed$/,
    truncated: /^(connection|other)$/,
    no_done: /^incomplete$/,
  };
  for (const [kind, want] of Object.entries(expected)) {
    it(`${kind}: drawn, counted, and refused by the runner's client as ${want.source}`, { timeout: 20_000 }, async () => {
      const s = await startSim({ port: 0, profile: PROFILES.aware!, seed: 1, latencyMs: 0, faults: { [kind]: 1 }, retryAfterMs: 10, engine: 'ollama' });
      sims.push(s);
      const [ep] = createEndpoints([`${s.url}/v1`], undefined, 1500, 4, { connectMs: 1000, firstByteMs: 800, idleMs: 800 });
      const model = 'userturn-sim/aware';
      const e = await attemptOllamaGenerate(ep!, { ...body, model, prompt: '<|im_start|>user\nWhat is 2 + 2?<|im_end|>\n<|im_start|>assistant\n4<|im_end|>\n<|im_start|>user\n' }, 1500, undefined).then(
        (v) => assert.fail(`answered: ${JSON.stringify(v)}`),
        (x: unknown) => x,
      );
      assert.match(classify(e).kind, want, `${kind}: ${classify(e).reason}`);
      assert.ok((s.stats.routes['/api/generate']?.[kind] ?? 0) > 0, JSON.stringify(s.stats.routes));
      assert.equal(s.stats.routes['/api/generate']?.['200'] ?? 0, 0, `a ${kind} answer is not also counted as a 200`);
    });
  }
});

