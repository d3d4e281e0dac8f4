import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { after, describe, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import type { CompletionBody } from '../../../runners/client/types.ts';
import { parseFaults } from '../../../runners/sim/faults.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';
import { cli, spawnSim } from '../../helpers/processes.ts';

const sims: RunningSim[] = [];
after(() => Promise.all(sims.map((s) => s.close())));

async function sim(tokenMs: number, faults = '') {
  const s = await startSim({ port: 0, profile: PROFILES.aware!, seed: 3, latencyMs: 0, tokenMs, faults: parseFaults(faults), retryAfterMs: 5 });
  sims.push(s);
  return s;
}

const Q = 'Mia has 12 stickers. She buys 8 more and gives 5 to her brother. How many stickers does she have now?';
const A = '12 + 8 = 20, and 20 - 5 = 15.\n\nThe answer is 15.';
const prompt = (i: number) => `<|im_start|>user\n${Q}<|im_end|>\n<|im_start|>assistant\n${A}<|im_end|>\n<|im_start|>user\n${i > 0 ? `(#${i}) ` : ''}`;
const body = (i = 0): CompletionBody => ({ model: 'userturn-sim/aware', prompt: prompt(i), max_tokens: 256, temperature: 1, top_p: 1, seed: i, stop: ['<|im_end|>'] });

/** POST a body and record every read of the response with its arrival time; `leaveAfter` reads, then drop the connection. */
function reads(url: string, path: string, sent: object, leaveAfter = Infinity): Promise<{ status: number; parts: Array<{ at: number; text: string }> }> {
  return new Promise((resolve, reject) => {
    let responded = false;
    const req = request(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, agent: false }, (res) => {
      responded = true;
      const parts: Array<{ at: number; text: string }> = [];
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        parts.push({ at: performance.now(), text });
        if (parts.length >= leaveAfter) {
          req.destroy();
          resolve({ status: res.statusCode!, parts });
        }
      });
      // 'close' also ends a stream cut by a reset (the truncated fault).
      res.on('close', () => resolve({ status: res.statusCode!, parts }));
    });
    req.on('error', (e) => (leaveAfter === Infinity && !responded ? reject(e) : undefined));
    req.end(JSON.stringify(sent));
  });
}

const streamed = (i = 0) => ({ ...body(i), stream: true, stream_options: { include_usage: true } });
const events = (text: string) => text.split('\n\n').filter(Boolean);

describe('userturn sim --token-ms (a stream paced like an engine decode loop)', () => {
  it('sends the same bytes as an unpaced stream, one event per decode step', async () => {
    const [flat, paced] = [await sim(0), await sim(25)];
    const a = await reads(flat.url, '/v1/completions', streamed());
    const b = await reads(paced.url, '/v1/completions', streamed());
    assert.equal(b.status, 200);
    const text = b.parts.map((p) => p.text).join('');
    assert.equal(text, a.parts.map((p) => p.text).join(''), 'pacing changes when bytes leave, not which');
    // One step per text event; the usage event and [DONE] go with the last one, as engines send them.
    const steps = events(text).length - 2;
    assert.ok(steps >= 6, `a user turn of several words (${steps} text events)`);
    assert.ok(a.parts.length <= 2, `unpaced: one write (${a.parts.length} reads)`);
    assert.match(b.parts.at(-1)!.text, /"usage":\{[^}]*\}\}\n\ndata: \[DONE\]\n\n$/);
    // Each step is its own write: the client reads (nearly) every step on its own, spread over the steps.
    assert.ok(b.parts.length >= steps - 1, `${b.parts.length} reads for ${steps} steps`);
    const spread = b.parts.at(-1)!.at - b.parts[0]!.at;
    assert.ok(spread >= (steps - 2) * 25 * 0.8, `${spread.toFixed(0)} ms for ${steps} steps of 25 ms`);
  });

  it("paces Ollama's NDJSON stream the same way, same lines as unpaced", async () => {
    const [flat, paced] = [await sim(0), await sim(25)];
    const sent = { model: 'userturn-sim/aware', prompt: prompt(0), raw: true, options: { temperature: 1, seed: 0 } };
    const a = await reads(flat.url, '/api/generate', sent);
    const b = await reads(paced.url, '/api/generate', sent);
    const lines = b.parts.map((p) => p.text).join('');
    assert.equal(lines, a.parts.map((p) => p.text).join(''));
    const steps = lines.trim().split('\n').length - 1; // the done line goes with the last word
    assert.ok(steps >= 6 && b.parts.length >= steps - 1, `${b.parts.length} reads for ${steps} steps`);
    assert.equal(JSON.parse(lines.trim().split('\n').at(-1)!).done, true);
  });

  it('a client that leaves mid-stream is dropped from the steps; the answer is not counted as delivered', async () => {
    const paced = await sim(20);
    const left = await reads(paced.url, '/v1/completions', streamed(1), 2);
    assert.equal(left.parts.length, 2);
    const whole = await reads(paced.url, '/v1/completions', streamed(2));
    assert.match(whole.parts.map((p) => p.text).join(''), /data: \[DONE\]\n\n$/);
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(Object.values(paced.stats.completed).reduce((s, x) => s + x, 0), 1, 'only the stream read to its end');
    assert.deepEqual(paced.stats.routes['/v1/completions'], { '200': 1, client_gone: 1 });
  });

  it('spoiled streams carry the same bytes paced as unpaced (malformed, no_done, truncated)', async () => {
    for (const fault of ['malformed', 'no_done', 'truncated']) {
      const [flat, paced] = [await sim(0, `${fault}=1`), await sim(10, `${fault}=1`)];
      const a = await reads(flat.url, '/v1/completions', streamed(3));
      const b = await reads(paced.url, '/v1/completions', streamed(3));
      const text = b.parts.map((p) => p.text).join('');
      assert.equal(text, a.parts.map((p) => p.text).join(''), fault);
      assert.ok(b.parts.length >= 3, `${fault}: paced (${b.parts.length} reads)`);
      assert.equal(text.endsWith('data: [DONE]\n\n'), fault === 'malformed', fault);
      const unreadable = events(text).filter((e) => e !== 'data: [DONE]').filter((e) => {
        try {
          JSON.parse(e.slice('data: '.length));
          return false;
        } catch {
          return true;
        }
      });
      assert.equal(unreadable.length, fault === 'malformed' ? 1 : 0, `${fault}: the one cut event`);
    }
  });

  it("the runner's client reads paced streams, spoiled ones included, to the same answers as unpaced ones", async () => {
    const flat = await sim(0);
    const paced = await sim(5, 'truncated=0.15,malformed=0.15,no_done=0.15,stall_mid=0.1');
    const client = (url: string) => createCompletionsClient({ baseURLs: [`${url}/v1`], concurrency: 8, timeoutMs: 20_000, maxAttempts: 12, backoffBaseMs: 1, backoffMaxMs: 5, httpTimeouts: { idleMs: 200 }, cache: memoryCache() });
    const [c0, c1] = [client(flat.url), client(paced.url)];
    const ids = Array.from({ length: 16 }, (_, i) => i + 10);
    const want = await Promise.all(ids.map((i) => c0.complete(body(i)).then((r) => r.text)));
    const got = await Promise.all(ids.map((i) => c1.complete(body(i)).then((r) => r.text)));
    assert.deepEqual(got, want);
    assert.ok(c1.stats.retries > 0, 'the spoiled streams were retried');
    assert.equal(c0.stats.retries, 0);
  });

  it("the CLI takes --token-ms and refuses a negative step or one beyond a timer's range", async () => {
    const s = await spawnSim(['--profile', 'aware', '--token-ms', '15']);
    try {
      const r = await reads(s.url, '/v1/completions', streamed());
      assert.ok(r.parts.length >= 4, `${r.parts.length} reads`);
    } finally {
      s.stop();
    }
    const bad = spawnSync(process.execPath, [cli, 'sim', '--token-ms=-1'], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--token-ms must be an integer >= 0, got "-1"/);
    // An empty value was taken as 0, and --loading-ms imitated llama.cpp on any engine (--warmup-ms is SGLang's).
    for (const [args, message] of [[['--token-ms', ''], /--token-ms must be an integer >= 0, got ""/], [['--engine', 'llamacpp', '--loading-ms', ' '], /--loading-ms must be an integer >= 0, got " "/], [['--loading-ms', '100'], /--loading-ms applies to --engine llamacpp only/], [['--engine', 'sglang', '--loading-ms', '100'], /--loading-ms applies to --engine llamacpp only \(SGLang opens its port once loaded, then warms up: --warmup-ms\)/], [['--engine', 'vllm', '--warmup-ms', '100'], /--warmup-ms applies to --engine sglang only/]] as const) {
      const r = spawnSync(process.execPath, [cli, 'sim', ...args], { encoding: 'utf8' });
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, message);
    }
    assert.doesNotMatch(bad.stderr, /\n\s+at /, 'no stack trace');
    // Beyond a timer's range Node would silently wait 1 ms instead.
    const huge = spawnSync(process.execPath, [cli, 'sim', '--token-ms', '3000000000'], { encoding: 'utf8' });
    assert.equal(huge.status, 2);
    assert.match(huge.stderr, /--token-ms must be at most 2147483647, got "3000000000"/);
  });
});
