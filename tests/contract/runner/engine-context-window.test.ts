import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * vLLM refuses a /v1/completions request whose prompt and max_tokens do not fit its window with a 400 before it
 * generates (vllm/renderers/params.py, runners/sim/context-window.ts); the simulator used to answer it whatever its
 * window, so the runner's handling of that refusal (no retry, the sample's error, exit 1) was never met from it.
 */
const MODEL = 'userturn-sim/aware';
/** Some 600 of the simulator's tokens: fits a 1,024-token window alone, not with a 512-token budget. */
const LONG_PROMPT = `<|im_start|>user\n${'How many apples are left '.repeat(120)}?<|im_end|>\n<|im_start|>assistant\n`;

let short: SpawnedSim;
let ideal: SpawnedSim;
before(async () => {
  [short, ideal] = await Promise.all([spawnSim(['--profile', 'aware', '--engine', 'vllm', '--misbehave', 'short-context', '--data-dir', fixtureData]), spawnSim(['--profile', 'aware'])]);
});
after(async () => {
  await Promise.all([short.stop(), ideal.stop()]);
});

async function post(sim: SpawnedSim, body: Record<string, unknown>) {
  const res = await fetch(`${sim.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: MODEL, prompt: LONG_PROMPT, max_tokens: 512, temperature: 0, seed: 1, ...body }) });
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown> };
}

describe('userturn sim as vLLM: a request that does not fit the window', () => {
  it('prompt + max_tokens over the window: 400 BadRequestError in vLLM\'s words, streamed or not, nothing generated', async () => {
    for (const stream of [false, true]) {
      const r = await post(short, { stream });
      assert.equal(r.status, 400, `stream ${stream}`);
      assert.equal(r.type, 'application/json', 'refused before any stream starts');
      const e = (r.body as { error: { message: string; type: string; param: string; code: number } }).error;
      assert.deepEqual([e.type, e.param, e.code], ['BadRequestError', 'input_tokens', 400]);
      assert.match(e.message, /^You passed \d+ input tokens and requested 512 output tokens\. However, the model's context length is only 1024 tokens, resulting in a maximum input length of 512 tokens\. Please reduce the length of the input prompt\. \(parameter=input_tokens, value=\d+\)$/);
    }
  });
  it('max_tokens alone over the window: 400 naming max_tokens', async () => {
    const r = await post(short, { prompt: 'Hi', max_tokens: 2048 });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, {
      error: { message: 'max_tokens=2048cannot be greater than max_model_len=max_total_tokens=1024. Please request fewer output tokens. (parameter=max_tokens, value=2048)', type: 'BadRequestError', param: 'max_tokens', code: 400 },
    });
  });
  it('a request that fits is answered; the default 32,768-token window takes the long prompt', async () => {
    assert.equal((await post(short, { max_tokens: 256 })).status, 200);
    assert.equal((await post(ideal, {})).status, 200);
  });
});

it('userturn run against it: the 400 is not retried, the sample carries vLLM\'s words, exit 1', async () => {
  // Qwen3.5 thinks: its assistant budget (16,384 tokens) is over the 1,024-token window.
  const out = await mkdtemp(join(tmpdir(), 'ut-window-'));
  await fetch(`${short.url}/sim/reset`, { method: 'POST' });
  const r = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${short.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--no-cache', '--concurrency', '1']);
  assert.equal(r.code, 1, r.stderr);
  // The assistant turn, refused once and not retried; the reference condition's user turn needs no assistant turn.
  assert.deepEqual((await short.stats()).routes['/v1/completions'], { '400': 1, '200': 1 });
  const samples = (await readFile(join(out, 'qwen3.5-9b', 'samples', 'gsm8k.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { error?: { stage: string; reason: string } });
  const errors = samples.filter((s) => s.error);
  assert.ok(errors.length > 0 && errors.length === samples.length - 1, `every sample but the reference one: ${errors.length} of ${samples.length}`);
  for (const s of errors) {
    assert.equal(s.error!.stage, 'assistant');
    assert.match(s.error!.reason, /^HTTP 400: .*max_tokens=16384cannot be greater than max_model_len=max_total_tokens=1024/);
  }
});
