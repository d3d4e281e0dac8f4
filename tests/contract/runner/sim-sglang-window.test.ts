import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * SGLang accepts prompt + max_tokens up to its window L, then its scheduler gives a request at most L - 2 - prompt
 * new tokens (runners/sim/sglang-window.ts): at the edge an answer comes back 1-2 tokens short, `length`, no error.
 * The simulator used to imitate only vLLM's refusal, and to count an answer's tokens as its characters / 4.
 */
const MODEL = 'userturn-sim/aware';
const WINDOW = 600;
/** An assistant-turn prompt: with --unfinished-rate 1 the turn reasons on until its budget ends. */
const PROMPT = '<|im_start|>user\nHow many apples are left if I eat two of five?<|im_end|>\n<|im_start|>assistant\n';

let sglang: SpawnedSim;
let vllm: SpawnedSim;
before(async () => {
  const common = ['--profile', 'aware', '--unfinished-rate', '1', '--context-length', String(WINDOW)];
  [sglang, vllm] = await Promise.all([spawnSim([...common, '--engine', 'sglang']), spawnSim([...common, '--engine', 'vllm'])]);
});
after(async () => {
  await Promise.all([sglang.stop(), vllm.stop()]);
});

async function promptTokens(): Promise<number> {
  const r = await fetch(`${sglang.url}/v1/tokenize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: MODEL, prompt: PROMPT, add_special_tokens: true }) });
  return ((await r.json()) as { count: number }).count;
}

interface Completion {
  choices: Array<{ finish_reason: string; text: string }>;
  usage: { completion_tokens: number };
}

/** One completion, streamed (its chunks joined, the usage chunk read) or not. */
async function complete(sim: SpawnedSim, maxTokens: number, stream: boolean, prompt = PROMPT): Promise<{ status: number; body: Completion & Record<string, unknown> }> {
  const res = await fetch(`${sim.url}/v1/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL, prompt, max_tokens: maxTokens, temperature: 0, seed: 1, skip_special_tokens: false, ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) }),
  });
  if (!stream || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) return { status: res.status, body: (await res.json()) as Completion & Record<string, unknown> };
  const events = (await res.text()).split('\n\n').filter((e) => e.startsWith('data: ') && e !== 'data: [DONE]').map((e) => JSON.parse(e.slice(6)) as Partial<Completion>);
  const choices = events.flatMap((e) => e.choices ?? []);
  const usage = events.find((e) => e.usage)!.usage!;
  return { status: res.status, body: { choices: [{ finish_reason: choices.at(-1)!.finish_reason, text: choices.map((c) => c.text).join('') }], usage } };
}

describe('userturn sim --engine sglang --context-length: the edge of the window', () => {
  it('prompt + max_tokens at the window or 1 under it: 200, "length", 2 or 1 tokens short of max_tokens, streamed or not', async () => {
    const n = await promptTokens();
    for (const stream of [false, true]) {
      for (const [maxTokens, short] of [[WINDOW - n, 2], [WINDOW - n - 1, 1], [WINDOW - n - 2, 0]] as const) {
        const r = await complete(sglang, maxTokens, stream);
        assert.equal(r.status, 200, `stream ${stream}, max_tokens ${maxTokens}`);
        assert.equal(r.body.choices[0]!.finish_reason, 'length');
        assert.equal(r.body.usage.completion_tokens, maxTokens - short, `stream ${stream}: ${maxTokens} asked`);
      }
    }
  });
  it('the same requests on vLLM generate the whole budget', async () => {
    const n = await promptTokens();
    const r = await complete(vllm, WINDOW - n, false);
    assert.equal(r.status, 200);
    assert.deepEqual([r.body.choices[0]!.finish_reason, r.body.usage.completion_tokens], ['length', WINDOW - n]);
  });
  it('past the window: 400 in SGLang\'s words and shape, nothing generated', async () => {
    const n = await promptTokens();
    for (const stream of [false, true]) {
      const r = await complete(sglang, WINDOW - n + 1, stream);
      assert.equal(r.status, 400);
      assert.deepEqual(r.body, {
        object: 'error',
        message: `Requested token count exceeds the model's maximum context length of ${WINDOW} tokens. You requested a total of ${WINDOW + 1} tokens: ${n} tokens from the input messages and ${WINDOW - n + 1} tokens for the completion. Please reduce the number of tokens in the input messages or the completion to fit within the limit.`,
        type: 'BadRequestError',
        param: null,
        code: 400,
      });
    }
    const long = `<|im_start|>user\n${' apples'.repeat(WINDOW)}<|im_end|>\n<|im_start|>assistant\n`;
    const r = await complete(sglang, 1, false, long);
    assert.equal(r.status, 400);
    assert.match(String(r.body.message), new RegExp(`^The input \\(\\d+ tokens\\) is longer than the model's context length \\(${WINDOW} tokens\\)\\.$`));
  });
  it('a prompt within 6 tokens of the window is refused by the scheduler', async () => {
    const n = await promptTokens();
    const wide = await spawnSim(['--profile', 'aware', '--engine', 'sglang', '--context-length', String(n + 6)]);
    try {
      const r = await complete(wide, 1, false);
      assert.equal(r.status, 400);
      assert.equal(r.body.message, `Input length (${n} tokens) exceeds the maximum allowed length (${n} tokens). Use a shorter input or enable --allow-auto-truncate.`);
    } finally {
      await wide.stop();
    }
  });
  it('/v1/models and /get_server_info report the window given', async () => {
    const models = (await (await fetch(`${sglang.url}/v1/models`)).json()) as { data: Array<{ max_model_len: number }> };
    assert.equal(models.data[0]!.max_model_len, WINDOW);
    const info = (await (await fetch(`${sglang.url}/get_server_info`)).json()) as { context_length: number };
    assert.equal(info.context_length, WINDOW);
  });
});
