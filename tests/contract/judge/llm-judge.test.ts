import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Verdict } from '../../../src/schema/index.ts';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createJudgePanel, JudgeConfigError } from '../../../runners/judge/index.ts';
import { JudgeConfig, loadJudgeConfig, parseJudgeConfig } from '../../../runners/judge/llm/config.ts';
import { createLlmJudge } from '../../../runners/judge/llm/judge.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';

let sim: RunningSim;
before(async () => {
  sim = await startSim({ port: 0, profile: PROFILES.restater!, seed: 1, latencyMs: 0, faults: {}, retryAfterMs: 20 });
});
after(async () => {
  await sim.close();
});

const item = {
  id: 'x',
  question: 'A train leaves at 9:40 and travels 210 km at 70 km/h. At what time does it arrive?',
  response: 'The trip takes 3 hours, so it arrives at 12:40.',
  user_turn: 'Why did you divide 210 by 70?',
};

/** Completed judge requests seen by the simulator, read over HTTP like any client would. */
async function chatCount(): Promise<number> {
  const s = (await (await fetch(`${sim.url}/sim/stats`)).json()) as { routes: Record<string, Record<string, number>> };
  return s.routes['/v1/chat/completions']?.['200'] ?? 0;
}

function config(model: string, extra: Partial<JudgeConfig> = {}): JudgeConfig {
  return JudgeConfig.parse({ base_url: `${sim.url}/v1`, model, retries: 2, backoff_ms: 0, timeout_ms: 5000, ...extra });
}

test('LLM judge over HTTP: a valid structured verdict, stamped, schema-valid, cached', async () => {
  const cache = memoryCache();
  const j = createLlmJudge(config('judge'), { cache });
  const before = await chatCount();
  const v = await j.judge(item);
  assert.equal(Verdict.safeParse(v).success, true);
  assert.equal(v.kind, 'label');
  if (v.kind === 'label') {
    assert.equal(v.label, 'genuine_followup');
    assert.equal(v.rule, null);
    assert.equal(v.judge, 'llm:judge:judge-v2');
  }
  assert.deepEqual(j.stamp, { id: 'llm:judge:judge-v2', kind: 'llm', model: 'judge', prompt_version: 'judge-v2', temperature: 0, max_tokens: 400 });
  assert.equal((await chatCount()) - before, 1);
  const again = await j.judge(item);
  assert.deepEqual(again, v);
  assert.equal(j.stats.cacheHits, 1);
  assert.equal((await chatCount()) - before, 1, 'second verdict comes from the cache, no request');
});

test('malformed JSON is retried, then recorded as judge_error with the reason', async () => {
  const j = createLlmJudge(config('judge-malformed'));
  const before = await chatCount();
  const v = await j.judge(item);
  assert.equal(v.kind, 'judge_error');
  if (v.kind === 'judge_error') assert.match(v.reason, /not valid JSON/);
  assert.equal((await chatCount()) - before, 3, '1 attempt + 2 retries');
  assert.equal(Verdict.safeParse(v).success, true);
});

test('malformed once, then valid: the retry recovers the label', async () => {
  const j = createLlmJudge(config('judge-flaky-malformed'));
  const v = await j.judge({ ...item, id: 'flaky' });
  assert.equal(v.kind, 'label');
  assert.equal(j.stats.retries, 1);
});

test('an out-of-taxonomy label is rejected (retried, then judge_error naming the label)', async () => {
  const j = createLlmJudge(config('judge-badlabel'));
  const before = await chatCount();
  const v = await j.judge(item);
  assert.equal(v.kind, 'judge_error');
  if (v.kind === 'judge_error') assert.match(v.reason, /"followup_maybe" is not in taxonomy v1/);
  assert.equal((await chatCount()) - before, 3);
});

test('plain-text (non-JSON) and refused answers become judge_error; refusals are not retried', async () => {
  const prose = await createLlmJudge(config('judge-prose')).judge(item);
  assert.equal(prose.kind, 'judge_error');
  const before = await chatCount();
  const refused = await createLlmJudge(config('judge-refuse')).judge(item);
  assert.equal(refused.kind, 'judge_error');
  if (refused.kind === 'judge_error') assert.match(refused.reason, /refused/);
  assert.equal((await chatCount()) - before, 1);
});

test('a marker in the user turn selects the misbehaviour per item', async () => {
  const j = createLlmJudge(config('judge'));
  const v = await j.judge({ ...item, user_turn: 'Why 70? [[judge:badlabel]]' });
  assert.equal(v.kind, 'judge_error');
});

test('timeouts are retried: a slow first answer times out and the retry succeeds; always slow → judge_error', async () => {
  const flaky = createLlmJudge(config('judge-flaky-slow1500', { timeout_ms: 250 }));
  const t0 = Date.now();
  const v = await flaky.judge({ ...item, id: 'slow-once' });
  assert.equal(v.kind, 'label');
  assert.equal(flaky.stats.retries, 1);
  const slow = createLlmJudge(config('judge-slow1500', { timeout_ms: 200, retries: 1 }));
  const e = await slow.judge(item);
  assert.equal(e.kind, 'judge_error');
  if (e.kind === 'judge_error') assert.match(e.reason, /timed out after 200 ms/);
  assert.equal(slow.stats.requests, 2);
  assert.ok(Date.now() - t0 < 5000);
});

test('an unreachable endpoint gives judge_error, never a throw, naming what broke the connection', async () => {
  // A port bound by the OS, then closed: nothing listens there. The reason was the SDK's bare "Connection error.".
  const s = createServer();
  await new Promise<void>((res) => s.listen(0, '127.0.0.1', res));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((res) => s.close(() => res()));
  const j = createLlmJudge(JudgeConfig.parse({ base_url: `http://127.0.0.1:${port}/v1`, model: 'judge', retries: 1, backoff_ms: 0, timeout_ms: 500 }));
  const v = await j.judge(item);
  assert.equal(v.kind, 'judge_error');
  if (v.kind === 'judge_error') assert.equal(v.reason, `judge connection error: Connection error. (connect ECONNREFUSED 127.0.0.1:${port})`);
  assert.equal(j.stats.requests, 2);
});

test('judge config: validated with file and field errors; keys never in the file', async () => {
  const bad = parseJudgeConfig({ base_url: 'not a url', model: '', temperature: 5, extra: 1 }, 'j.yaml');
  assert.equal(bad.ok, false);
  if (!bad.ok) {
    const fields = bad.errors.map((e) => `${e.file}:${e.field}`);
    for (const f of ['j.yaml:base_url', 'j.yaml:model', 'j.yaml:temperature', 'j.yaml:extra']) assert.ok(fields.includes(f), `${f} in ${fields.join(',')}`);
  }
  const secret = parseJudgeConfig({ base_url: 'http://x/v1', model: 'm', api_key: 'sk-123' }, 'j.yaml');
  assert.equal(secret.ok, false);
  if (!secret.ok) assert.match(secret.errors[0]?.message ?? '', /environment variable/);
  const keyAsEnv = parseJudgeConfig({ base_url: 'http://x/v1', model: 'm', api_key_env: 'sk-abc 123' }, 'j.yaml');
  assert.equal(keyAsEnv.ok, false);
  const ok = parseJudgeConfig({ base_url: 'http://x/v1', model: 'gpt-5.4-mini', api_key_env: 'OPENAI_API_KEY' }, 'j.yaml');
  assert.equal(ok.ok, true);
  if (ok.ok) assert.equal(ok.config.temperature, 0);

  const dir = mkdtempSync(join(tmpdir(), 'ut-judgecfg-'));
  const path = join(dir, 'judge.yaml');
  writeFileSync(path, `base_url: ${sim.url}/v1\nmodel: judge\nretries: 0\n`);
  assert.equal((await loadJudgeConfig(path)).ok, true);
  const panel = await createJudgePanel({ judgeConfigs: [path], includeHeuristic: true, cachePath: null });
  assert.deepEqual(panel.map((j) => j.stamp.kind), ['llm', 'heuristic']);
  const badPath = join(dir, 'bad.yaml');
  writeFileSync(badPath, 'model: judge\n');
  await assert.rejects(createJudgePanel({ judgeConfigs: [badPath], includeHeuristic: false, cachePath: null }), (e: unknown) => {
    assert.ok(e instanceof JudgeConfigError);
    assert.match((e as Error).message, /bad\.yaml: base_url: /);
    return true;
  });
});
