import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { streamedCompletion } from '../../helpers/sse-completion.ts';

/** The simulator's engine emulation over HTTP (userturn sim --engine …): what the runner's settings are for. */
const GLM_USER_PROMPT = '[gMASK]<sop><|user|>\nWhat is 12 + 8?<|assistant|>\nThe answer is 20.<|user|>\n';
const MORE = 'Sure, here is more detail.';
const sims: Record<string, SpawnedSim> = {};
before(async () => {
  for (const e of ['vllm', 'sglang', 'tgi', 'llamacpp']) sims[e] = await spawnSim(['--profile', 'aware', '--engine', e, '--run-past']);
  for (const e of ['tgi', 'sglang']) sims[`${e}-at-budget`] = await spawnSim(['--profile', 'aware', '--engine', e, '--run-past', '--end-at-budget']);
});
after(async () => {
  for (const s of Object.values(sims)) await s.stop();
});

async function post(engine: string, body: Record<string, unknown>) {
  const res = await fetch(`${sims[engine]!.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'userturn-sim/aware', prompt: GLM_USER_PROMPT, max_tokens: 256, temperature: 0, top_p: 1, seed: 1, stop: ['<|assistant|>'], ...body }) });
  return { status: res.status, body: (await res.json()) as { choices?: Array<{ text: string; finish_reason: string }>; error?: { message: string } | string } };
}

/** A streamed answer read back: the chunks' text joined, and the last finish reason given. */
const stream = (engine: string, body: Record<string, unknown>) =>
  streamedCompletion(sims[engine]!.url, { model: 'userturn-sim/aware', prompt: GLM_USER_PROMPT, max_tokens: 256, temperature: 0, seed: 1, stop: ['<|assistant|>'], ...body });

describe('userturn sim --engine', () => {
  it('a model name it does not serve: vLLM answers 404 as vLLM does; TGI and llama.cpp (one model each) answer anyway', async () => {
    // The simulator answered any name, so a run with a wrong --model wrote a full result.
    const vllm = await post('vllm', { model: 'nope' });
    assert.equal(vllm.status, 404);
    assert.deepEqual(vllm.body, { error: { message: 'The model `nope` does not exist.', type: 'NotFoundError', param: 'model', code: 404 } });
    for (const engine of ['tgi', 'llamacpp']) assert.equal((await post(engine, { model: 'nope', top_p: undefined })).status, 200, engine);
  });
  it('vLLM: a stop on a special token matches only when the request keeps special tokens (skip_special_tokens: false)', async () => {
    const kept = await post('vllm', { skip_special_tokens: false });
    assert.ok(!kept.body.choices![0]!.text.includes(MORE), kept.body.choices![0]!.text);
    const dropped = await post('vllm', {});
    assert.ok(dropped.body.choices![0]!.text.includes(MORE), 'the default drops <|assistant|> from the text, so the stop never matches');
    assert.ok(!dropped.body.choices![0]!.text.includes('<|assistant|>'));
  });
  it('SGLang answers a request it refuses with its ErrorResponse at the top level, not in an OpenAI `error` envelope (protocol.py, serving_base.py create_error_response)', async () => {
    const r = await post('sglang', { prompt: 12 });
    assert.equal(r.status, 400);
    assert.deepEqual(r.body, { object: 'error', message: 'prompt must be a string', type: 'BadRequestError', param: null, code: 400 });
  });
  it('SGLang writes matched_stop in each choice (protocol.py CompletionResponseStreamChoice): null but on the last chunk, which names the stop string or the end-of-sequence token id; not streamed, the same', async () => {
    const chunks = async (body: Record<string, unknown>) => {
      const res = await fetch(`${sims.sglang!.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'userturn-sim/aware', prompt: GLM_USER_PROMPT, max_tokens: 256, temperature: 0, seed: 1, stream: true, skip_special_tokens: false, ...body }) });
      return (await res.text()).split('\n\n').filter((e) => e.startsWith('data: {')).map((e) => JSON.parse(e.slice(6)) as { choices: Array<Record<string, unknown>> });
    };
    const stopped = await chunks({ stop: ['<|assistant|>'] });
    assert.deepEqual(Object.keys(stopped[0]!.choices[0]!), ['index', 'text', 'logprobs', 'finish_reason', 'matched_stop']);
    assert.deepEqual(stopped.map((c) => c.choices[0]!.matched_stop), [...stopped.slice(1).map(() => null), '<|assistant|>']);
    const eos = (await chunks({ stop: [] })).at(-1)!.choices[0]!;
    assert.deepEqual([eos.finish_reason, typeof eos.matched_stop], ['stop', 'number']);
    const plain = (await post('sglang', { skip_special_tokens: false })).body.choices![0]! as unknown as Record<string, unknown>;
    assert.deepEqual([Object.keys(plain), plain.matched_stop], [['index', 'text', 'logprobs', 'finish_reason', 'matched_stop'], '<|assistant|>']);
    // vLLM has no such field.
    assert.ok(!('matched_stop' in (await post('vllm', { skip_special_tokens: false })).body.choices![0]!));
  });
  it('TGI refuses top_p 1 as its router does (422 before generating), and takes it left out', async () => {
    const one = await post('tgi', {});
    assert.equal(one.status, 422);
    assert.match(JSON.stringify(one.body), /`top_p` must be > 0\.0 and < 1\.0/);
    assert.equal((await post('tgi', { top_p: undefined })).status, 200);
    assert.equal((await post('tgi', { top_p: 0.9 })).status, 200);
  });
  it('TGI: matches the stop on text with special tokens, ignores unknown fields, refuses a fifth stop string', async () => {
    const r = await post('tgi', { skip_special_tokens: false, top_p: undefined });
    assert.equal(r.status, 200);
    assert.ok(!r.body.choices![0]!.text.includes(MORE) && !r.body.choices![0]!.text.includes('<|'), r.body.choices![0]!.text);
    const five = await post('tgi', { stop: ['a1', 'a2', 'a3', 'a4', 'a5'], top_p: undefined });
    assert.equal(five.status, 422);
    assert.deepEqual(five.body, { error: 'Input validation error: `stop` supports up to 4 stop sequences. Given: 5', error_type: 'validation' });
  });
  it('TGI streamed: each token\'s text with its special tokens (router/src/server.rs stream_token.token.text), the end-of-sequence token and a matched stop whole; finish "eos_token"; not streamed, none of them', async () => {
    const stopped = await stream('tgi', {});
    assert.ok(stopped.text.endsWith('\n<|assistant|>') && !stopped.text.includes(MORE), stopped.text);
    assert.equal(stopped.finish, 'stop_sequence');
    // No stop: the run-on goes to GLM's end-of-sequence token <|user|>, which a stream carries and names "eos_token".
    const eos = await stream('tgi', { stop: [] });
    assert.ok(eos.text.endsWith(`<|assistant|>\n${MORE}<|user|>`), eos.text);
    assert.equal(eos.finish, 'eos_token');
    const plain = await post('tgi', { stop: [], top_p: undefined });
    assert.equal(plain.body.choices![0]!.finish_reason, 'stop');
    assert.ok(plain.body.choices![0]!.text.endsWith(`\n${MORE}`) && !plain.body.choices![0]!.text.includes('<|'), plain.body.choices![0]!.text);
    // vLLM keeps special tokens on request but trims the stop and never shows the end-of-sequence token.
    const vllm = await stream('vllm', { stop: [], skip_special_tokens: false, top_p: 1 });
    assert.deepEqual([vllm.text.endsWith(MORE), vllm.finish], [true, 'stop'], vllm.text);
  });
  it('TGI checks max_tokens before the end of sequence and the stops (utils/tokens.py StoppingCriteria.__call__): a turn whose ending token was the last one allowed says "length", streamed with that token whole (--end-at-budget)', async () => {
    const eos = await stream('tgi-at-budget', { stop: [] });
    assert.deepEqual([eos.text.endsWith(`<|assistant|>\n${MORE}<|user|>`), eos.finish], [true, 'length'], eos.text);
    const stopped = await stream('tgi-at-budget', {});
    assert.deepEqual([stopped.text.endsWith('\n<|assistant|>') && !stopped.text.includes(MORE), stopped.finish], [true, 'length'], stopped.text);
    // Not streamed the text holds no special token: nothing in it tells this turn from one its budget cut.
    const plain = (await post('tgi-at-budget', { stop: [], top_p: undefined })).body.choices![0]!;
    assert.deepEqual([plain.text.endsWith(`\n${MORE}`) && !plain.text.includes('<|'), plain.finish_reason], [true, 'length'], plain.text);
  });
  it('SGLang checks max_new_tokens before the end of sequence and the stops (schedule_batch.py Req.check_finished): a turn whose ending token was the last one allowed says "length", and nothing is trimmed (--end-at-budget)', async () => {
    // detokenizer_manager.py trim_matched_stop trims only a finish with `matched`; FINISH_LENGTH has none.
    const keep = { skip_special_tokens: false };
    for (const read of [stream, async (e: string, b: Record<string, unknown>) => { const c = (await post(e, b)).body.choices![0]!; return { text: c.text, finish: c.finish_reason }; }]) {
      const eos = await read('sglang-at-budget', { ...keep, stop: [] });
      assert.deepEqual([eos.text.endsWith(`<|assistant|>\n${MORE}<|user|>`), eos.finish], [true, 'length'], eos.text);
      const stopped = await read('sglang-at-budget', keep);
      assert.deepEqual([stopped.text.endsWith('\n<|assistant|>') && !stopped.text.includes(MORE), stopped.finish], [true, 'length'], stopped.text);
      // One token more of budget: the stop and the end-of-sequence token are trimmed and the turn says stop.
      const free = await read('sglang', keep);
      assert.deepEqual([free.text.includes('<|assistant|>'), free.finish], [false, 'stop'], free.text);
      const freeEos = await read('sglang', { ...keep, stop: [] });
      assert.deepEqual([freeEos.text.endsWith(MORE), freeEos.finish], [true, 'stop'], freeEos.text);
    }
  });
  it('TGI refuses a streamed request inside the stream: 200, the error as an event with http_status_code 422, then [DONE]', async () => {
    const res = await fetch(`${sims.tgi!.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'userturn-sim/aware', prompt: GLM_USER_PROMPT, max_tokens: 8, temperature: 0, top_p: 1, stream: true }) });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), `data:${JSON.stringify({ error: { message: 'Input validation error: `top_p` must be > 0.0 and < 1.0', http_status_code: 422 } })}\n\ndata:[DONE]\n\n`);
  });
  it('llama.cpp without --special: the GLM header is not rendered, so the stop cannot match', async () => {
    const r = await post('llamacpp', {});
    assert.ok(r.body.choices![0]!.text.includes(MORE));
  });
  it('--special is refused for engines other than llama.cpp, and unknown engines are refused', async () => {
    await assert.rejects(spawnSim(['--engine', 'vllm', '--special']), /exited early/);
    await assert.rejects(spawnSim(['--engine', 'mlx']), /exited early/);
    await assert.rejects(spawnSim(['--end-at-budget']), /exited early/);
  });
});
