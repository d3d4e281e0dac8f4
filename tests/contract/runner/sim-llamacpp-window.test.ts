import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * llama-server refuses a prompt of n_ctx tokens or more with a 400 exceed_context_size_error, never compares
 * max_tokens with the window, and with context shift off (its default) stops an answer when prompt and answer fill
 * the window: `length`, n_ctx - prompt completion tokens (runners/sim/llamacpp-window.ts). The simulator as llama.cpp
 * used to answer whatever its --context-length, the whole budget.
 */
const MODEL = 'userturn-sim/aware';
const WINDOW = 600;
/** An assistant-turn prompt: with --unfinished-rate 1 the turn reasons on until its budget ends. */
const PROMPT = '<|im_start|>user\nHow many apples are left if I eat two of five?<|im_end|>\n<|im_start|>assistant\n';

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--engine', 'llamacpp', '--unfinished-rate', '1', '--context-length', String(WINDOW)]);
});
after(() => sim.stop());

async function promptTokens(prompt = PROMPT): Promise<number> {
  const r = await fetch(`${sim.url}/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: prompt, add_special: true }) });
  return ((await r.json()) as { tokens: number[] }).tokens.length;
}

interface Completion {
  choices: Array<{ finish_reason: string; text: string }>;
  usage: { completion_tokens: number };
}

/** One completion, streamed (its chunks joined, the usage chunk read) or not; max_tokens null leaves it out. */
async function complete(maxTokens: number | null, stream: boolean, prompt = PROMPT): Promise<{ status: number; body: Completion & Record<string, unknown> }> {
  const res = await fetch(`${sim.url}/v1/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, prompt, ...(maxTokens === null ? {} : { max_tokens: maxTokens }), temperature: 0, seed: 1, ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) }),
  });
  if (!stream || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return { status: res.status, body: (await res.json()) as Completion & Record<string, unknown> };
  const events = (await res.text()).split('\n\n').filter((e) => e.startsWith('data: ') && e !== 'data: [DONE]').map((e) => JSON.parse(e.slice(6)) as Partial<Completion>);
  const choices = events.flatMap((e) => e.choices ?? []);
  const usage = events.find((e) => e.usage)!.usage!;
  return { status: res.status, body: { choices: [{ finish_reason: choices.at(-1)!.finish_reason, text: choices.map((c) => c.text).join('') }], usage } };
}

describe('userturn sim --engine llamacpp --context-length: the edge of the window', () => {
  it('prompt + max_tokens over the window: 200, "length", the window less the prompt generated, streamed or not', async () => {
    const n = await promptTokens();
    for (const stream of [false, true]) {
      for (const [maxTokens, got] of [[WINDOW - n - 1, WINDOW - n - 1], [WINDOW - n, WINDOW - n], [WINDOW - n + 1, WINDOW - n], [4 * WINDOW, WINDOW - n], [null, WINDOW - n]] as const) {
        const r = await complete(maxTokens, stream);
        assert.equal(r.status, 200, `stream ${stream}, max_tokens ${maxTokens}`);
        assert.deepEqual([r.body.choices[0]!.finish_reason, r.body.usage.completion_tokens], ['length', got], `stream ${stream}: ${maxTokens} asked`);
      }
    }
  });

  it('a prompt of the window or more: 400 exceed_context_size_error before anything is streamed; one token fewer gets 1 token', async () => {
    const long = Array.from({ length: WINDOW }, () => 'a').join(' ');
    assert.equal(await promptTokens(long), WINDOW);
    for (const stream of [false, true]) {
      const r = await complete(8, stream, long);
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, { error: { code: 400, message: `request (${WINDOW} tokens) exceeds the available context size (${WINDOW} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: WINDOW, n_ctx: WINDOW } });
    }
    const fits = long.split(' ').slice(1).join(' ');
    const r = await complete(8, false, fits);
    assert.equal(r.status, 200);
    assert.equal(r.body.usage.completion_tokens, 1);
  });

  it('/v1/models meta.n_ctx and /props default_generation_settings.n_ctx report the window, meta.n_ctx_train the training context', async () => {
    const models = (await (await fetch(`${sim.url}/v1/models`)).json()) as { data: Array<{ meta: { n_ctx: number; n_ctx_train: number }; max_model_len?: number }> };
    assert.deepEqual(models.data[0]!.meta, { n_ctx: WINDOW, n_ctx_train: 131_072 });
    assert.equal(models.data[0]!.max_model_len, undefined);
    const props = (await (await fetch(`${sim.url}/props`)).json()) as { default_generation_settings: { n_ctx: number } };
    assert.equal(props.default_generation_settings.n_ctx, WINDOW);
  });
});
