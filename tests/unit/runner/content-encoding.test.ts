/**
 * A proxy that compresses answers the runner did not ask to be compressed (runners/client/content-decoding.ts). The
 * transport handed the compressed bytes over as they came: every such answer was refused (a stream as cut, a JSON
 * body as malformed, its reason binary text in the published sample) and retried until it failed.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { brotliCompressSync, constants, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib';
import { requestKey } from '../../../runners/cache/key.ts';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient, type ClientOptions } from '../../../runners/client/completions-client.ts';
import { answerByteLimit } from '../../../runners/client/direct-completion.ts';
import { RequestFailed, type CompletionBody } from '../../../runners/client/types.ts';
import { streamEvents } from '../../../runners/sim/stream-route.ts';

const closers: Array<() => void> = [];
after(() => closers.forEach((f) => f()));

async function endpoint(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(req, res));
  });
  closers.push(() => (server.closeAllConnections(), server.close()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const TEXT = 'Naïve café: 中文 and 😀, then the end.';
const USAGE = { prompt_tokens: 3, completion_tokens: 9, total_tokens: 12 };
const sse = () => {
  const e = streamEvents({ model: 'm', text: TEXT, finish_reason: 'stop', usage: USAGE }, true);
  return Buffer.from(`${e.chunks.join('')}${e.usage}data: [DONE]\n\n`);
};
const json = () => Buffer.from(JSON.stringify({ id: 'x', object: 'text_completion', created: 0, model: 'm', choices: [{ index: 0, text: TEXT, finish_reason: 'stop' }] }));
const body = (max_tokens = 64): CompletionBody => ({ model: 'm', prompt: 'p', max_tokens, temperature: 0, top_p: 1, seed: 1, stop: [] });
const opts = (url: string, extra: Partial<ClientOptions> = {}): ClientOptions => ({ baseURLs: [url], concurrency: 2, timeoutMs: 5_000, maxAttempts: 1, backoffBaseMs: 1, backoffMaxMs: 2, cache: memoryCache(), ...extra });

/** Writes `bytes` a few at a time, each its own write, as a proxy streams a compressed body. */
async function trickle(res: ServerResponse, bytes: Buffer, step = 7): Promise<void> {
  for (let i = 0; i < bytes.length; i += step) {
    res.write(bytes.subarray(i, i + step));
    await new Promise((r) => setImmediate(r));
  }
}

const ENCODERS: Record<string, (b: Buffer) => Buffer> = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync, zstd: zstdCompressSync };

describe('an answer compressed by a proxy (content-encoding)', { timeout: 20_000 }, () => {
  for (const [name, encode] of Object.entries(ENCODERS)) {
    it(`a ${name} stream, in small pieces, is read as the plain one and cached`, async () => {
      const url = await endpoint((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': name });
        void trickle(res, encode(sse())).then(() => res.end());
      });
      const cache = memoryCache();
      const r = await createCompletionsClient(opts(url, { cache })).complete(body());
      assert.deepEqual([r.text, r.finish_reason, r.model], [TEXT, 'stop', 'm']);
      assert.ok(cache.get(requestKey(body())));
    });
  }

  it('a gzip JSON answer (USERTURN_STREAM=0) is read as the plain one', async () => {
    const url = await endpoint((_req, res) => {
      const b = gzipSync(json());
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': b.length }).end(b);
    });
    assert.equal((await createCompletionsClient(opts(url, { stream: false })).complete(body())).text, TEXT);
  });

  it('a gzip stream cut short is refused as cut, retried, and nothing is cached', async () => {
    let n = 0;
    const url = await endpoint((req, res) => {
      const b = gzipSync(sse());
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' });
      if (++n > 1) return void res.end(b);
      // The first attempt: most of the compressed stream, then the connection closes cleanly (no gzip trailer).
      res.end(b.subarray(0, b.length - 12));
      void req;
    });
    const cache = memoryCache();
    const one = createCompletionsClient(opts(url, { cache }));
    await assert.rejects(one.complete(body()), (e: unknown) => e instanceof RequestFailed && /stream cut short or corrupt \(content-encoding gzip: unexpected end of file\)/.test(e.message));
    assert.equal(cache.keys().length, 0);
    assert.equal((await createCompletionsClient(opts(url, { cache })).complete(body())).text, TEXT);
  });

  it('a small gzip body that decodes past the answer limit is refused as too large, not read into memory', async () => {
    const limit = answerByteLimit(8);
    const bomb = gzipSync(Buffer.alloc(limit * 4, 0x61), { level: constants.Z_BEST_COMPRESSION });
    assert.ok(bomb.length < limit / 50);
    const url = await endpoint((_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb));
    const c = createCompletionsClient(opts(url, { stream: false, maxAttempts: 3 }));
    await assert.rejects(c.complete(body(8)), (e: unknown) => e instanceof RequestFailed && new RegExp(`over ${limit} bytes`).test(e.message) && /after 1 attempt\)/.test(e.message));
  });

  it('an encoding the runner cannot read is named in the reason; an empty encoded error body is the status error', async () => {
    const odd = await endpoint((_req, res) => res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'compress' }).end('\x1f\x9d...'));
    await assert.rejects(createCompletionsClient(opts(odd)).complete(body()), (e: unknown) => e instanceof RequestFailed && /content-encoding "compress" is not one the runner reads/.test(e.message));
    const empty = await endpoint((_req, res) => res.writeHead(503, { 'content-encoding': 'gzip', 'content-length': 0 }).end());
    await assert.rejects(createCompletionsClient(opts(empty)).complete(body()), (e: unknown) => e instanceof RequestFailed && /^HTTP 503/.test(e.message));
  });
});
