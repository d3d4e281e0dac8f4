import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RejectedAnswer } from '../../../runners/client/answer-check.ts';
import { classify } from '../../../runners/client/classify.ts';
import { readStreamedCompletion } from '../../../runners/client/sse-completion.ts';

/** A response body that delivers the given pieces in order, as an engine's chunked reply would. */
const body = (...pieces: string[]) => new ReadableStream<Uint8Array>({
  start(c) {
    for (const p of pieces) c.enqueue(new TextEncoder().encode(p));
    c.close();
  },
});
const chunk = (text: string, finish: string | null = null) => `data: ${JSON.stringify({ id: 'c1', model: 'm', choices: [{ index: 0, text, finish_reason: finish }] })}\n\n`;
const kind = (k: string) => (e: unknown) => e instanceof RejectedAnswer && e.kind === k;

describe('how a streamed completion ends (runners/engines: vLLM, SGLang, TGI and llama.cpp end with data: [DONE])', () => {
  it('a stream that ends with [DONE] is read back whole', async () => {
    const out = await readStreamedCompletion(body(chunk('Why '), chunk('seven?', 'stop'), 'data: [DONE]\n\n'));
    assert.deepEqual(out.choices, [{ index: 0, text: 'Why seven?', finish_reason: 'stop' }]);
  });
  it('llama.cpp: an error mid-stream ends the stream without [DONE]; it is refused as the error, not kept', async () => {
    await assert.rejects(readStreamedCompletion(body(chunk('Why '), `data: ${JSON.stringify({ error: { code: 500, message: 'slot failed' } })}\n\n`)), kind('stream_error'));
  });
  it('vLLM/SGLang: an error chunk followed by [DONE] is refused the same way', async () => {
    await assert.rejects(readStreamedCompletion(body(chunk('Why '), `data: ${JSON.stringify({ error: { message: 'oom' } })}\n\n`, 'data: [DONE]\n\n')), kind('stream_error'));
  });
  it('TGI: a request refused inside its stream (200, then a validation error event) is its 422, not retried; its other errors are retried', async () => {
    const refusal = (message: string) => `data:${JSON.stringify({ error: { message, http_status_code: 422 } })}\n\ndata:[DONE]\n\n`;
    const tooLong = 'Input validation error: `inputs` tokens + `max_new_tokens` must be <= 4096. Given: 4000 `inputs` tokens and 512 `max_new_tokens`';
    const err = await readStreamedCompletion(body(refusal(tooLong))).then(() => null, (e: unknown) => e);
    assert.deepEqual([classify(err).kind, classify(err).retry], ['http_422', false]);
    assert.match(classify(err).reason, /must be <= 4096/);
    const overloaded = await readStreamedCompletion(body(refusal('Model is overloaded'))).then(() => null, (e: unknown) => e);
    assert.deepEqual([classify(overloaded).kind, classify(overloaded).retry], ['stream_error', true]);
  });
  it('a stream cut before [DONE] is never taken as complete', async () => {
    await assert.rejects(readStreamedCompletion(body(chunk('Why '), chunk('seven?', 'stop'))), kind('incomplete'));
  });
});
