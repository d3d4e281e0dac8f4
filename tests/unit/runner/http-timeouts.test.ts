import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { APIConnectionTimeoutError } from 'openai';
import { postCompletion } from '../../../runners/client/direct-completion.ts';
import { createEndpoints } from '../../../runners/client/endpoints.ts';
import { createHttpFetch } from '../../../runners/client/http-fetch.ts';
import { createHttpTransport } from '../../../runners/client/http-transport.ts';
import { attemptOllamaGenerate } from '../../../runners/client/ollama-generate.ts';

const servers: Server[] = [];
after(() => servers.forEach((s) => { s.closeAllConnections(); s.close(); }));

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1/completions`;
}

describe('a hung connection costs its own short timeout, not the whole attempt timeout', () => {
  it('a body that stops arriving fails after the idle timeout', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"choices":[');
    });
    const f = createHttpFetch(4, { connectMs: 5_000, firstByteMs: 60_000, idleMs: 300 });
    const t0 = performance.now();
    await assert.rejects(f(url, { method: 'POST', body: '{}' }), /idle timeout/);
    assert.ok(performance.now() - t0 < 5_000);
  });

  it('a server that accepts and never answers fails after the first-byte timeout', async () => {
    const url = await serve(() => {});
    const f = createHttpFetch(4, { connectMs: 5_000, firstByteMs: 300, idleMs: 60_000 });
    const t0 = performance.now();
    await assert.rejects(f(url, { method: 'POST', body: '{}' }), /first-byte timeout/);
    assert.ok(performance.now() - t0 < 5_000);
  });

  it('a normal answer is not affected', async () => {
    const url = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    const f = createHttpFetch(4, { connectMs: 1_000, firstByteMs: 1_000, idleMs: 1_000 });
    assert.deepEqual(await (await f(url, { method: 'POST', body: '{}' })).json(), { ok: true });
  });
});

describe("the attempt's deadline (direct completions path)", () => {
  const body = { model: 'm', prompt: 'p', max_tokens: 8, temperature: 0, top_p: 1, seed: 0, stop: [] };
  const trickle = (type: string, piece: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': type });
    // A chunk every 50 ms: never idle long enough for the idle timeout, never done.
    const t = setInterval(() => res.write(piece), 50);
    res.on('close', () => clearInterval(t));
  };

  for (const [name, type, piece, stream] of [
    ['a stream that keeps trickling', 'text/event-stream', ': keep-alive\n\n', true],
    ['a JSON body that keeps trickling', 'application/json', ' ', false],
  ] as const) {
    it(`${name} fails as the SDK's connection timeout at the deadline, with every chunk restarting the idle timer`, async () => {
      const base = (await serve(trickle(type, piece))).replace(/\/completions$/, '');
      const http = createHttpTransport(4, { connectMs: 5_000, firstByteMs: 5_000, idleMs: 200 });
      const t0 = performance.now();
      await assert.rejects(postCompletion(http, base, body, 600, stream, undefined), (e) => e instanceof APIConnectionTimeoutError);
      const took = performance.now() - t0;
      assert.ok(took >= 550 && took < 3_000, `failed after ${took} ms`);
    });
  }

  it('a server that never answers fails as the connection timeout at the deadline when it comes before the first-byte timeout', async () => {
    const base = (await serve(() => {})).replace(/\/completions$/, '');
    const http = createHttpTransport(4, { connectMs: 5_000, firstByteMs: 60_000, idleMs: 60_000 });
    await assert.rejects(postCompletion(http, base, body, 300, true, undefined), (e) => e instanceof APIConnectionTimeoutError);
  });
});

describe('keep-alive', () => {
  it('a wave of 300 answers (more than node:http\'s agent kept idle, 256) reuses every one of its sockets for the next wave', async () => {
    let connections = 0;
    const url = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    servers.at(-1)!.on('connection', () => connections++);
    const concurrency = 300;
    const f = createHttpFetch(concurrency);
    const wave = () => Promise.all(Array.from({ length: concurrency }, () => f(url, { method: 'POST', body: '{}' }).then((r) => r.json())));
    await wave();
    assert.equal(connections, concurrency);
    await wave();
    assert.equal(connections, concurrency, 'the second wave opened new connections');
  });
});

describe("Ollama's route (the transport's fetch, with the attempt's AbortSignal)", () => {
  const body = { model: 'm', prompt: 'p', max_tokens: 8, temperature: 0, top_p: 1, seed: 0, stop: [] };
  const endpoint = (url: string) => createEndpoints([url.replace(/\/completions$/, '')], undefined, 60_000, 4, { connectMs: 5_000, firstByteMs: 60_000, idleMs: 60_000 })[0]!;

  it("a server that never answers fails as the SDK's connection timeout at the deadline, and the request's connection is closed", async () => {
    let closed = 0;
    const url = await serve(() => {});
    servers.at(-1)!.on('connection', (socket) => socket.on('close', () => closed++));
    const t0 = performance.now();
    await assert.rejects(attemptOllamaGenerate(endpoint(url), body, 300, undefined), APIConnectionTimeoutError);
    assert.ok(performance.now() - t0 < 5_000, 'the deadline, not the 60 s first-byte timeout, ended it');
    for (let i = 0; i < 100 && closed === 0; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(closed, 1, 'the aborted request left its connection open');
  });

  it('a stream cut mid-answer is refused as cut short, not read as a whole answer', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('{"model":"m","response":"Why"}\n');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    await assert.rejects(attemptOllamaGenerate(endpoint(url), body, 5_000, undefined), /response stream cut short \(connection closed\)/);
  });
});
