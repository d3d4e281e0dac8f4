import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { requestKey } from '../../../runners/cache/key.ts';
import { memoryCache, openSqliteCache } from '../../../runners/cache/sqlite-cache.ts';
import { backoffMs, retryAfterMs } from '../../../runners/client/backoff.ts';
import { createCompletionsClient, type ClientOptions } from '../../../runners/client/completions-client.ts';
import { pickEndpoint, recordAttempt, type Endpoint } from '../../../runners/client/endpoints.ts';
import { RequestFailed, type CompletionBody } from '../../../runners/client/types.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

/** A scripted endpoint: the handler sees the request number, and authorization headers are recorded. */
async function endpoint(handler: Handler) {
  const seen = { n: 0, auth: [] as Array<string | undefined>, inFlight: 0, maxInFlight: 0 };
  const server = createServer((req, res) => {
    seen.n++;
    seen.auth.push(req.headers.authorization);
    seen.inFlight++;
    seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
    res.on('close', () => seen.inFlight--);
    req.resume();
    req.on('end', () => handler(req, res, seen.n));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

const ok = (res: ServerResponse, text = 'hello', delay = 0) =>
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: 'x', object: 'text_completion', created: 0, model: 'm', choices: [{ index: 0, text, finish_reason: 'stop' }] }));
  }, delay);

const body = (prompt = 'p', seed = 1): CompletionBody => ({ model: 'm', prompt, max_tokens: 8, temperature: 0, top_p: 1, seed, stop: ['<|im_end|>'] });

const opts = (baseURLs: string[], extra: Partial<ClientOptions> = {}): ClientOptions => ({
  baseURLs, concurrency: 8, timeoutMs: 2000, maxAttempts: 4, backoffBaseMs: 10, backoffMaxMs: 50, cache: memoryCache(), ...extra,
});

describe('completions client', () => {
  it('retries 429 honouring retry-after-ms, then succeeds', async () => {
    const ep = await endpoint((_req, res, n) => {
      if (n <= 2) {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '300' });
        res.end('{"error":{"message":"slow down"}}');
      } else ok(res);
    });
    const c = createCompletionsClient(opts([ep.url]));
    const t0 = performance.now();
    const r = await c.complete(body());
    assert.equal(r.text, 'hello');
    assert.ok(performance.now() - t0 >= 600, 'waited the announced 2 × 300 ms');
    assert.equal(c.stats.retries, 2);
    assert.equal(ep.seen.n, 3);
  });

  it('retries 500, resets, malformed JSON and hangs (timeout); never caches a bad answer', async () => {
    const ep = await endpoint((req, res, n) => {
      if (n === 1) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"boom"}}');
      } else if (n === 2) req.socket.destroy();
      else if (n === 3) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"choices":[{"text":"half');
      } else if (n === 4) {
        /* hang: the client times out */
      } else ok(res, 'finally');
    });
    const cache = memoryCache();
    const c = createCompletionsClient(opts([ep.url], { maxAttempts: 6, timeoutMs: 300, cache }));
    const r = await c.complete(body());
    assert.equal(r.text, 'finally');
    assert.equal(ep.seen.n, 5);
    assert.deepEqual(cache.keys(), [requestKey(body())]);
  });

  it('a body cut short (content-length not reached) is retried, never accepted', async () => {
    const ep = await endpoint((_req, res, n) => {
      if (n === 1) {
        const full = JSON.stringify({ id: 'x', object: 'text_completion', created: 0, model: 'm', choices: [{ index: 0, text: 'partial', finish_reason: 'stop' }] });
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(full.length) });
        res.write(full.slice(0, 40));
        setImmediate(() => res.socket?.destroy());
      } else ok(res, 'whole');
    });
    const c = createCompletionsClient(opts([ep.url]));
    assert.equal((await c.complete(body('cut'))).text, 'whole');
    assert.equal(ep.seen.n, 2);
  });

  it('a request that exhausts its retries fails with its reason and is counted; nothing is cached', async () => {
    const ep = await endpoint((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"overloaded"}}');
    });
    const cache = memoryCache();
    const c = createCompletionsClient(opts([ep.url], { maxAttempts: 3, cache }));
    await assert.rejects(c.complete(body()), (e: unknown) => e instanceof RequestFailed && /HTTP 503/.test(e.message) && e.attempts === 3);
    assert.equal(c.stats.failed, 1);
    assert.deepEqual(c.stats.failureReasons, { http_503: 1 });
    assert.deepEqual(cache.keys(), []);
  });

  it('does not retry a client error (400)', async () => {
    const ep = await endpoint((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"bad prompt"}}');
    });
    const c = createCompletionsClient(opts([ep.url]));
    await assert.rejects(c.complete(body()), /HTTP 400.*after 1 attempt\)/);
    assert.equal(ep.seen.n, 1);
  });

  it('de-duplicates identical in-flight requests and answers repeats from the cache', async () => {
    const ep = await endpoint((_req, res) => ok(res, 'same', 50));
    const c = createCompletionsClient(opts([ep.url]));
    const rs = await Promise.all(Array.from({ length: 5 }, () => c.complete(body('dup'))));
    assert.ok(rs.every((r) => r.text === 'same'));
    assert.equal(ep.seen.n, 1);
    assert.equal(c.stats.deduplicated, 4);
    const again = await c.complete(body('dup'));
    assert.equal(again.cached, true);
    assert.equal(ep.seen.n, 1);
  });

  it('caps concurrency and spreads load over several endpoints', async () => {
    const a = await endpoint((_req, res) => ok(res, 'a', 20));
    const b = await endpoint((_req, res) => ok(res, 'b', 20));
    const c = createCompletionsClient(opts([a.url, b.url], { concurrency: 4 }));
    await Promise.all(Array.from({ length: 40 }, (_, i) => c.complete(body(`p${i}`))));
    assert.equal(a.seen.n + b.seen.n, 40);
    assert.ok(a.seen.n >= 10 && b.seen.n >= 10, `spread ${a.seen.n}/${b.seen.n}`);
    assert.ok(a.seen.maxInFlight + b.seen.maxInFlight <= 4 + 1);
  });

  it('sends the API key as a header only; the cache file never contains it', async () => {
    const ep = await endpoint((_req, res) => ok(res));
    const dir = await mkdtemp(join(tmpdir(), 'ut-cache-'));
    const cache = openSqliteCache(join(dir, 'c.sqlite'));
    const c = createCompletionsClient(opts([ep.url], { apiKey: 'sk-secret-123', cache }));
    await c.complete(body('keyed'));
    cache.close();
    assert.equal(ep.seen.auth[0], 'Bearer sk-secret-123');
    for (const f of ['c.sqlite', 'c.sqlite-wal']) {
      const bytes = await readFile(join(dir, f)).catch(() => Buffer.alloc(0));
      assert.ok(!bytes.includes('sk-secret-123'), f);
    }
    const reopened = openSqliteCache(join(dir, 'c.sqlite'));
    assert.equal(reopened.get(requestKey(body('keyed')))?.text, 'hello');
    reopened.close();
  });
});

describe('backoff', () => {
  it('reads retry-after-ms, retry-after seconds and HTTP dates', () => {
    assert.equal(retryAfterMs(new Headers({ 'retry-after-ms': '250' })), 250);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': '2' })), 2000);
    assert.equal(retryAfterMs(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000), 6000);
    assert.equal(retryAfterMs(new Headers({})), null);
  });
  it('exponential with jitter, capped; a server wait wins', () => {
    const o = { baseMs: 100, maxMs: 1000 };
    assert.equal(backoffMs(1, null, o, () => 0), 50);
    assert.equal(backoffMs(3, null, o, () => 1), 400);
    assert.equal(backoffMs(10, null, o, () => 1), 1000);
    assert.equal(backoffMs(1, 700, o, () => 0), 700);
  });
});

describe('an endpoint that stops answering', () => {
  it('rests after 3 failed attempts in a row and gets few requests while another answers; an answer wakes it', async () => {
    // A review's run with one dead endpoint of two sent it about half of all first attempts for the whole run.
    const up = await endpoint((_req, res) => ok(res, 'fine', 5));
    const dead = createNetServer((s) => s.destroy()); // accepts, then resets: a connection error every time
    servers.push({ close: () => dead.close(), closeAllConnections: () => {} });
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    let deadAttempts = 0;
    dead.on('connection', () => deadAttempts++);
    const c = createCompletionsClient(opts([up.url, `http://127.0.0.1:${(dead.address() as AddressInfo).port}/v1`], { stream: false, concurrency: 4, maxAttempts: 7 }));
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => c.complete(body(`p${i}`, i))));
    assert.equal(answers.length, 80);
    assert.ok(deadAttempts <= 12, `${deadAttempts} attempts went to the dead endpoint (80 requests)`);
    const deadEp = c.endpoints[1]!;
    assert.ok(deadEp.failuresInARow >= 3 && deadEp.restUntil > 0);
    recordAttempt(deadEp, true);
    assert.deepEqual([deadEp.failuresInARow, deadEp.restUntil], [0, 0]);
  });

  for (const [status, what] of [[502, 'a proxy whose backend is down'], [503, 'llama.cpp loading its model'], [504, 'a gateway timing out']] as const) {
    it(`an endpoint answering ${status} to everything (${what}) rests too`, async () => {
      // Only connection errors and timeouts counted: a host behind a proxy or load balancer never rested.
      const up = await endpoint((_req, res) => ok(res, 'fine', 5));
      let downAttempts = 0;
      const down = await endpoint((_req, res) => {
        downAttempts++;
        res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"message":"Loading model","type":"unavailable_error"}}');
      });
      const c = createCompletionsClient(opts([up.url, down.url], { stream: false, concurrency: 4, maxAttempts: 7 }));
      const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => c.complete(body(`p${i}`, i))));
      assert.equal(answers.length, 80);
      assert.ok(downAttempts <= 12, `${downAttempts} attempts went to the endpoint answering ${status} (80 requests)`);
    });
  }

  it('an endpoint that answers 500 or 429 is up (a request it could not serve, a rate limit): it does not rest', async () => {
    for (const status of [500, 429]) {
      const down = await endpoint((_req, res) => res.writeHead(status, { 'content-type': 'application/json', 'retry-after-ms': '1' }).end('{"error":{"message":"no"}}'));
      const one = createCompletionsClient(opts([down.url], { stream: false, maxAttempts: 4 }));
      await one.complete(body(`q${status}`)).catch(() => {});
      assert.deepEqual([one.endpoints[0]!.failuresInARow, one.endpoints[0]!.restUntil], [0, 0], `${status}`);
    }
  });

  it('picks a resting endpoint only when every endpoint rests; the rest doubles up to 30 s', () => {
    const ep = (baseURL: string) => ({ baseURL, inFlight: 0, failuresInARow: 0, restUntil: 0 }) as unknown as Endpoint;
    const [a, b] = [ep('a'), ep('b')];
    for (let i = 0; i < 3; i++) recordAttempt(a, false, 1000);
    assert.equal(a.restUntil, 2000);
    for (let counter = 0; counter < 4; counter++) assert.equal(pickEndpoint([a, b], counter, undefined, 1500), b);
    for (let i = 0; i < 3; i++) recordAttempt(b, false, 1000);
    assert.ok([a, b].includes(pickEndpoint([a, b], 0, undefined, 1500)), 'all resting: all are candidates');
    for (let i = 0; i < 10; i++) recordAttempt(a, false, 0);
    assert.equal(a.restUntil, 30_000);
  });
});
