/**
 * The transport (runners/client/http-transport.ts) against servers that answer oddly or slowly: every attempt
 * settles, with the reason the retry classifier records, and no timer is charged for time the request spent waiting
 * for a connection.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { APIConnectionError, APIConnectionTimeoutError } from 'openai/error';
import { classify } from '../../../runners/client/classify.ts';
import { answerByteLimit, postCompletion, requestAnswer } from '../../../runners/client/direct-completion.ts';
import { createHttpFetch } from '../../../runners/client/http-fetch.ts';
import { createHttpTransport, type HttpTimeouts } from '../../../runners/client/http-transport.ts';

const servers: Array<Server | NetServer> = [];
const sockets = new Set<Socket>();
after(() => {
  for (const s of sockets) s.destroy();
  for (const s of servers) s.close();
});

/** `s` listening on a free loopback port (closed after the tests): its completions URL. */
async function listening(s: Server | NetServer): Promise<URL> {
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return new URL(`http://127.0.0.1:${(s.address() as AddressInfo).port}/v1/completions`);
}

/** An HTTP server answering `{"ok":true}` after `delayMs`. */
const okServer = (delayMs = 0) => listening(createHttpServer((_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), delayMs)));

/** A raw TCP server: `onRequest` gets the socket once a whole request (headers and body) has arrived. */
async function raw(onRequest: (socket: Socket) => void): Promise<URL> {
  const s = createNetServer((socket) => {
    sockets.add(socket);
    let seen = '';
    socket.on('data', (d) => {
      seen += d.toString('latin1');
      const end = seen.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(seen)?.[1] ?? 0);
      if (end >= 0 && seen.length >= end + 4 + length) {
        seen = '';
        onRequest(socket);
      }
    });
    socket.on('error', () => {});
  });
  return listening(s);
}

const json = (body: string) => `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const short: HttpTimeouts = { connectMs: 5_000, firstByteMs: 5_000, idleMs: 5_000 };
/** The reason a failed attempt records (what a sample's `error` says). */
const reasonOf = (p: Promise<unknown>) => p.then(() => assert.fail('expected the attempt to fail'), (e: unknown) => classify(e).reason);

// A hang is the failure these guard against: each test has its own limit.
const LIMIT = { timeout: 10_000 };

describe('a server that answers oddly', LIMIT, () => {
  it('an informational answer (103 Early Hints) before the real one is skipped, not taken for the answer', async () => {
    const url = await raw((s) => s.write(`HTTP/1.1 103 Early Hints\r\nlink: </x>; rel=preload\r\n\r\n${json('{"ok":true}')}`));
    const answer = requestAnswer(createHttpTransport(4, short), url, '{}', 5_000, undefined);
    assert.deepEqual(await answer, { ok: true });
  });

  it('an unsolicited 100 Continue is refused as an invalid answer, not reported as a reset', async () => {
    const url = await raw((s) => s.write(`HTTP/1.1 100 Continue\r\n\r\n${json('{"ok":true}')}`));
    const reason = await reasonOf(requestAnswer(createHttpTransport(4, short), url, '{}', 5_000, undefined));
    assert.match(reason, /connection error: the server's answer is not valid HTTP\/1\.1/);
  });

  it('a connection reset in the middle of a body is a body cut short, as a close is', async () => {
    const url = await raw((s) => {
      s.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"choices":[');
      setTimeout(() => s.resetAndDestroy(), 20);
    });
    const reason = await reasonOf(requestAnswer(createHttpTransport(4, short), url, '{}', 5_000, undefined));
    assert.match(reason, /response body cut short \(connection closed\)/);
  });
});

describe('a server that sends more than any answer can take', LIMIT, () => {
  /** A stream of 256 KiB events that never ends (as a review's hostile server sent), or a JSON body as large. */
  const endless = () =>
    raw((s) => {
      s.write('HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n');
      const event = `data: {"choices":[{"index":0,"text":"${'x'.repeat(256 * 1024)}","finish_reason":null}]}\n\n`;
      const more = () => !s.destroyed && s.write(event, () => setImmediate(more));
      more();
    });

  it('a stream is refused once it passes the limit of its max_tokens, and not retried', async () => {
    const url = await endless();
    const body = { model: 'm', prompt: 'p', max_tokens: 512, temperature: 0, top_p: 1, seed: 1, stop: [] };
    const e = await postCompletion(createHttpTransport(4, short), url.href.replace(/\/completions$/, ''), body, 5_000, true, undefined).catch((x: unknown) => x);
    const failure = classify(e);
    assert.equal(failure.kind, 'too_large');
    assert.equal(failure.retry, false);
    assert.match(failure.reason, new RegExp(`over ${answerByteLimit(512)} bytes`));
  });

  it('a JSON body and an Ollama-style stream through the fetch path are refused the same way', async () => {
    const big = JSON.stringify({ text: 'y'.repeat(3 * 2 ** 20) });
    const url = await raw((s) => s.write(json(big)));
    const failure = classify(await requestAnswer(createHttpTransport(4, short), url, '{}', 5_000, undefined, 2 ** 20).catch((x: unknown) => x));
    assert.equal(failure.kind, 'too_large');
    const stream = await endless();
    const res = await createHttpFetch(4)(stream, { method: 'POST', body: '{}', maxBodyBytes: 2 ** 20 } as RequestInit);
    const read = async () => {
      for await (const _ of res.body!) void _;
    };
    assert.equal(classify(await read().catch((x: unknown) => x)).kind, 'too_large');
  });
});

describe('time spent waiting for a connection', LIMIT, () => {
  it('is not charged to the first-byte timeout: queued requests are timed from when they are sent', async () => {
    // One connection, answers 300 ms after each request: the third waits ~600 ms for the connection, longer than the
    // first-byte timeout, and still gets its answer.
    const url = await okServer(300);
    const http = createHttpTransport(1, { connectMs: 5_000, firstByteMs: 500, idleMs: 5_000 });
    const answers = await Promise.all([0, 1, 2].map(() => requestAnswer(http, url, '{}', 10_000, undefined)));
    assert.deepEqual(answers, [{ ok: true }, { ok: true }, { ok: true }]);
  });

  it("ends at the attempt's deadline even before the request has a connection", async () => {
    // One connection, held by a request the server never answers: the second request waits for it.
    const url = await raw(() => {});
    const http = createHttpTransport(1, { connectMs: 5_000, firstByteMs: 60_000, idleMs: 60_000 });
    const held = requestAnswer(http, url, '{}', 1_500, undefined).catch((e: unknown) => e);
    const t0 = performance.now();
    await assert.rejects(requestAnswer(http, url, '{}', 200, undefined), APIConnectionTimeoutError);
    assert.ok(performance.now() - t0 < 1_000, 'the queued request waited for the connection instead of its deadline');
    const e = await held;
    assert.ok(e instanceof APIConnectionTimeoutError);
    // A sample's error says how long the attempt had, not only "timeout".
    assert.equal(classify(e).reason, 'no complete answer within 1.5 s (attempt timeout)');
  });
});

describe("the fetch path's AbortSignal", LIMIT, () => {
  it('is let go once the request is over: a signal shared by many requests keeps no listener per request', async () => {
    const url = await okServer();
    const f = createHttpFetch(4);
    const signal = new AbortController().signal;
    for (let i = 0; i < 5; i++) await (await f(url, { method: 'POST', body: '{}', signal })).json();
    assert.equal(getEventListeners(signal, 'abort').length, 0);
  });

  it('refused before connecting is an abort, not a connection error', async () => {
    const url = await raw((s) => s.write(json('{}')));
    const controller = new AbortController();
    controller.abort();
    const e = await createHttpFetch(4)(url, { method: 'POST', body: '{}', signal: controller.signal }).catch((x: unknown) => x);
    assert.ok(!(e instanceof APIConnectionError) && (e as Error).name === 'AbortError', String(e));
  });
});
