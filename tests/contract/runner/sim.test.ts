import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { requestKey } from '../../../runners/cache/key.ts';
import { generate } from '../../../runners/sim/generate.ts';
import { labelWeights, PROFILES } from '../../../runners/sim/profiles.ts';
import { parseFaults } from '../../../runners/sim/faults.ts';
import { fixtureData, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const Q = 'Mia has 12 stickers. She buys 8 more and gives 5 to her brother. How many stickers does she have now?';
const assistantPrompt = `<|im_start|>user\n${Q}<|im_end|>\n<|im_start|>assistant\n`;
const userPrompt = (a: string) => `<|im_start|>user\n${Q}<|im_end|>\n<|im_start|>assistant\n${a}<|im_end|>\n<|im_start|>user\n`;

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '5', '--data-dir', fixtureData]);
});
after(() => sim.stop());

async function complete(body: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(res.status, 200);
  return (await res.json()) as { model: string; choices: Array<{ text: string; finish_reason: string }> };
}

describe('userturn sim (spawned)', () => {
  it('prints exactly one line to stdout: listening on http://127.0.0.1:PORT', () => {
    assert.equal(sim.stdoutLines.length, 1);
    assert.match(sim.stdoutLines[0]!, /^listening on http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves /v1/models with a name that marks it as the simulator', async () => {
    const r = (await (await fetch(`${sim.url}/v1/models`)).json()) as { data: Array<{ id: string }> };
    assert.deepEqual(r.data.map((m) => m.id), ['userturn-sim/aware']);
  });

  it('answers GSM8K from the reference (worked steps, final number) and is deterministic', async () => {
    const body = { model: 'userturn-sim/aware', prompt: assistantPrompt, max_tokens: 512, temperature: 0, top_p: 1, seed: 1, stop: ['<|im_end|>'] };
    const a = await complete(body);
    const b = await complete({ ...body, seed: 99 });
    assert.match(a.choices[0]!.text, /^Let's solve this step by step\.[\s\S]*The answer is \d+\.$/);
    assert.equal(a.choices[0]!.text, b.choices[0]!.text, 'greedy ignores the seed');
    assert.equal(a.choices[0]!.finish_reason, 'stop');
  });

  it('writes user turns grounded in q and a; sampled turns depend on the seed; stats count completions per key', async () => {
    const a = '12 + 8 = 20, and 20 - 5 = 15.\n\nThe answer is 15.';
    const texts = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const r = await complete({ model: 'userturn-sim/aware', prompt: userPrompt(a), max_tokens: 256, temperature: 1, top_p: 1, seed, stop: ['<|im_end|>'] });
      texts.add(r.choices[0]!.text);
      assert.ok(!r.choices[0]!.text.includes('<|im_end|>'), 'stop sequences are honoured');
    }
    assert.ok(texts.size >= 4, `varied sampled turns (${texts.size})`);
    assert.ok([...texts].some((t) => /15|20|12 \+ 8|stickers/.test(t)), 'some turns refer to the actual q or a');
    const stats = await sim.stats();
    const key = requestKey({ model: 'userturn-sim/aware', prompt: userPrompt(a), max_tokens: 256, temperature: 1, top_p: 1, seed: 0, stop: ['<|im_end|>'] });
    assert.equal(stats.completed[key], 1);
    assert.ok((stats.routes['/v1/completions']?.['200'] ?? 0) >= 12);
  });

  it('completions for a model it does not serve: 404 as vLLM answers it (the simulator answered any name)', async () => {
    const res = await fetch(`${sim.url}/v1/completions`, { method: 'POST', body: JSON.stringify({ model: 'nope', prompt: assistantPrompt, max_tokens: 8 }) });
    assert.equal(res.status, 404);
    assert.deepEqual(await res.json(), { error: { message: 'The model `nope` does not exist.', type: 'NotFoundError', param: 'model', code: 404 } });
  });

  it('chat completions for the served model get an answer; any other model name is the judge', async () => {
    const post = async (model: string) =>
      (await (await fetch(`${sim.url}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Why is the sky blue?' }] }) })).json()) as {
        id: string;
        choices: Array<{ message: { content: string } }>;
      };
    for (const judge of ['judge-sim', 'grader']) {
      const r = await post(judge);
      assert.equal(r.id, 'chatcmpl-sim-judge', judge);
      assert.ok(typeof (JSON.parse(r.choices[0]!.message.content) as { label: unknown }).label === 'string');
    }
    assert.match((await post('userturn-sim/aware')).choices[0]!.message.content, /Why is the sky blue/);
  });
});

describe('simulator profiles (in process)', () => {
  it('label mixtures shift with temperature and perturbation', () => {
    const p = PROFILES.restater!;
    const cold = labelWeights(p, { temperature: 0, truncated: false, endsWithQuestion: false });
    const hot = labelWeights(p, { temperature: 1, truncated: false, endsWithQuestion: false });
    assert.ok(hot.genuine_followup > cold.genuine_followup * 5);
    const cut = labelWeights(p, { temperature: 0, truncated: true, endsWithQuestion: false });
    assert.ok(cut.genuine_followup > cold.genuine_followup);
    const asked = labelWeights(p, { temperature: 0, truncated: false, endsWithQuestion: true });
    assert.ok(asked.generic_closing > cold.generic_closing);
  });
  it('same request and seed → same text; other profile → other behaviour', () => {
    const req = { prompt: userPrompt('The answer is 15.'), temperature: 0.7, top_p: 1, seed: 4, max_tokens: 100, stop: [] };
    const o = { profile: PROFILES.aware!, seed: 1, gsm8k: new Map<string, string>() };
    assert.deepEqual(generate(req, o), generate(req, o));
    const many = (name: string) => Array.from({ length: 40 }, (_, s) => generate({ ...req, seed: s }, { ...o, profile: PROFILES[name]! }).text);
    assert.notDeepEqual(many('aware'), many('meta-planner'));
  });
  it('fault specs are validated', () => {
    assert.deepEqual(parseFaults('500=0.1,429=0.05'), { '500': 0.1, '429': 0.05 });
    assert.throws(() => parseFaults('teapot=0.1'), /unknown fault/);
    assert.throws(() => parseFaults('500=0.7,429=0.7'), /add up/);
  });
});

describe('simulator delivery accounting', () => {
  it('an answer whose connection is reset before the client sends another request is taken back', async () => {
    const { startSim } = await import('../../../runners/sim/server.ts');
    const { connect } = await import('node:net');
    const s = await startSim({ port: 0, profile: PROFILES.aware!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 10 });
    try {
      const body = JSON.stringify({ model: 'userturn-sim/aware', prompt: userPrompt('The answer is 15.'), max_tokens: 50, temperature: 0, top_p: 1, seed: 1, stop: [] });
      const request = `POST /v1/completions HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      // A client that reads its answer and asks again: the first answer is confirmed.
      const ok = connect(s.port, '127.0.0.1');
      await new Promise<void>((r) => ok.once('connect', () => r()));
      ok.write(request);
      await new Promise((r) => ok.once('data', r));
      ok.write(request);
      await new Promise((r) => ok.once('data', r));
      ok.end();
      // A client that dies with the answer unread: the kernel resets the connection (resetAndDestroy sends RST).
      const dead = connect(s.port, '127.0.0.1');
      await new Promise<void>((r) => dead.once('connect', () => r()));
      dead.write(request.replace('"seed":1', '"seed":2'));
      await new Promise((r) => dead.once('data', r));
      dead.resetAndDestroy();
      await new Promise((r) => setTimeout(r, 100));
      const routes = s.stats.routes['/v1/completions']!;
      assert.equal(routes['unread_reset'], 1);
      assert.equal(Object.values(s.stats.completed).reduce((a, b) => a + b, 0), 2, 'the two answers read by the first client');
    } finally {
      await s.close();
    }
  });
});
