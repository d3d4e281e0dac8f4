import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { attemptCompletion } from '../../../runners/client/attempt.ts';
import { classify } from '../../../runners/client/classify.ts';
import { createCompletionsClient, type ClientOptions, type CompletionsClient } from '../../../runners/client/completions-client.ts';
import { EndpointsDown } from '../../../runners/client/endpoint-holds.ts';
import { createEndpoints } from '../../../runners/client/endpoints.ts';
import { watchHeldEndpoints } from '../../../runners/client/held-endpoints.ts';
import { RequestFailed, type CompletionBody } from '../../../runners/client/types.ts';

const cleanup: Array<() => void> = [];
after(() => cleanup.forEach((f) => f()));

const body = (prompt = 'p', seed = 1): CompletionBody => ({ model: 'm', prompt, max_tokens: 8, temperature: 0, top_p: 1, seed, stop: ['<|im_end|>'] });
const answer = JSON.stringify({ id: 'x', object: 'text_completion', created: 0, model: 'm', choices: [{ index: 0, text: 'hi', finish_reason: 'stop' }] });

type Handler = (req: IncomingMessage, res: ServerResponse, body?: string) => void;
/**
 * /v1/models lists `served.id` ("m"); completions go to `completion`, with the request's body. `down(ms)` closes the port and every connection
 * for that long.
 */
async function host(completion: Handler = (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(answer), served = { id: 'm' }) {
  let server: Server;
  let port = 0;
  const sockets = new Set<Socket>();
  let gone = false;
  let wake = () => {};
  const listen = async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (d: Buffer) => chunks.push(d));
      req.on('end', () => (req.url?.endsWith('/models') ? res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: served.id }] })) : completion(req, res, Buffer.concat(chunks).toString())));
    });
    server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  const close = () => new Promise<void>((r) => (server.close(() => r()), sockets.forEach((s) => s.destroy())));
  cleanup.push(() => ((gone = true), wake(), void close()));
  return {
    url: `http://127.0.0.1:${port}/v1`,
    async down(ms: number) {
      await close();
      await new Promise<void>((r) => {
        const t = setTimeout(r, ms);
        wake = () => (clearTimeout(t), r());
      });
      if (!gone) await listen();
    },
  };
}

const opts = (baseURLs: string[], extra: Partial<ClientOptions> = {}): ClientOptions => ({ baseURLs, concurrency: 8, timeoutMs: 2000, maxAttempts: 2, backoffBaseMs: 5, backoffMaxMs: 10, cache: memoryCache(), stream: false, ...extra });

/** The client as a run wires it: held endpoints looked up every 50-100 ms, lines kept. */
function watched(c: CompletionsClient, outageLimitMs = 60_000) {
  const lines: string[] = [];
  const w = watchHeldEndpoints([], 'm', { timeoutMs: 1000 }, (l) => lines.push(l), { firstMs: 50, maxMs: 100 }, { ready: (e) => c.holds.release(e), leftOut: (e) => c.holds.leftOut(e) });
  c.holds.watch({ recheck: w.recheck, outageLimitMs, log: (l) => lines.push(l) });
  cleanup.push(() => (w.stop(), c.holds.stop()));
  return lines;
}

/** How one attempt against `handler` (or a raw socket handler) is classified. */
async function failureOf(handler: Handler | ((s: Socket) => void), raw = false, stream = false) {
  let url: string;
  if (raw) {
    const s = createNetServer(handler as (s: Socket) => void);
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    cleanup.push(() => s.close());
    url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
  } else url = (await host(handler as Handler)).url;
  const [ep] = createEndpoints([url], undefined, 2000);
  return classify(await attemptCompletion(ep!, body(), 2000, stream).then(() => assert.fail('answered'), (e: unknown) => e));
}

describe('which failed attempts did not reach the server', () => {
  it('no response at all, or a proxy\'s 502-504, is unreached; an answer the server gave, however bad, is not', async () => {
    const closed = createNetServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const [gone] = createEndpoints([`http://127.0.0.1:${port}/v1`], undefined, 2000);
    const refused = classify(await attemptCompletion(gone!, body(), 2000, false).catch((e: unknown) => e));
    assert.deepEqual([refused.kind, refused.unreached], ['connection', true], refused.reason);

    const reset = await failureOf((s: Socket) => s.resetAndDestroy(), true);
    assert.deepEqual([reset.kind, reset.unreached], ['connection', true], reset.reason);
    for (const status of [502, 503, 504]) {
      const f = await failureOf((_q, res) => res.writeHead(status, { 'content-type': 'text/html' }).end('<html><title>down</title></html>'));
      assert.deepEqual([f.kind, f.unreached], [`http_${status}`, true]);
    }
    for (const status of [400, 429, 500]) {
      const f = await failureOf((_q, res) => res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}'));
      assert.deepEqual([f.kind, f.unreached], [`http_${status}`, undefined]);
    }
    // A JSON body cut short is the same SDK type as a refused connection, but the server answered.
    const cutBody = await failureOf((_q, res) => (res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' }).write(answer.slice(0, 20)), setTimeout(() => res.socket?.resetAndDestroy(), 20)));
    assert.deepEqual([cutBody.kind, cutBody.unreached], ['connection', undefined], cutBody.reason);
    const cutStream = await failureOf((_q, res) => (res.writeHead(200, { 'content-type': 'text/event-stream' }).write(`data: ${answer}\n\n`), setTimeout(() => res.socket?.resetAndDestroy(), 20)), false, true);
    assert.equal(cutStream.unreached, undefined, cutStream.reason);
    const malformed = await failureOf((_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"choices": ['));
    assert.deepEqual([malformed.kind, malformed.unreached], ['malformed', undefined]);
  });
});

describe('an endpoint held while it cannot be reached', () => {
  it('its port closed far longer than two attempts last: every request waits for it and is answered, none spends its attempts', async () => {
    const h = await host();
    const c = createCompletionsClient(opts([h.url]));
    const lines = watched(c);
    assert.equal((await c.complete(body('warm'))).text, 'hi');
    const outage = h.down(600);
    await new Promise((r) => setTimeout(r, 20));
    // Before: each failed after its two refused attempts, some 10 ms apart.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => c.complete(body(`p${i}`, i))));
    await outage;
    assert.equal(answers.length, 12);
    assert.equal(c.stats.failed, 0);
    assert.ok((c.endpoints[0]!.tally.failed.connection ?? 0) >= 3, JSON.stringify(c.endpoints[0]!.tally));
    assert.equal(c.endpoints[0]!.held, false);
    assert.match(lines[0]!, new RegExp(`^${h.url} is down \\(connection error: ECONNREFUSED\\): held until a look-up finds it ready; no endpoint serves meanwhile: requests wait, the run stops if none is back within 60 s \\(--outage-limit-s\\)$`));
    assert.match(lines.at(-1)!, new RegExp(`^${h.url} is back after \\d+ s down \\(serving "m"\\): it takes requests again$`));
  });

  it('two endpoints, one down: the other answers every request at once, none waits for the one down', async () => {
    const [a, b] = [await host(), await host()];
    const c = createCompletionsClient(opts([a.url, b.url]));
    const lines = watched(c);
    void a.down(60_000);
    await new Promise((r) => setTimeout(r, 20));
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 30 }, (_, i) => c.complete(body(`q${i}`, i))));
    assert.ok(performance.now() - t0 < 2000);
    assert.equal(c.stats.failed, 0);
    assert.equal(c.endpoints[0]!.held, true);
    assert.match(lines[0]!, /is down .*; 1 other endpoint\(s\) take its requests meanwhile$/);
  });

  it('every endpoint down past the outage limit: waiting requests fail with EndpointsDown naming each, and so does every later one', async () => {
    const h = await host();
    const c = createCompletionsClient(opts([h.url]));
    watched(c, 1000);
    void h.down(60_000);
    await new Promise((r) => setTimeout(r, 20));
    const t0 = performance.now();
    const all = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => c.complete(body(`r${i}`, i))));
    assert.ok(performance.now() - t0 >= 950);
    const reasons = all.map((r) => (r.status === 'rejected' ? r.reason : null));
    // The failures in a row that hold the endpoint are given back too: no request fails for them.
    const down = reasons.filter((e) => e instanceof EndpointsDown);
    assert.equal(down.length, 6, reasons.map(String).join('\n'));
    assert.match((down[0] as Error).message, new RegExp(`^stopped: no endpoint could be reached for 1 s \\(--outage-limit-s 1\\): ${h.url} for 1 s \\(${h.url}/models: Connection error\\. \\(ECONNREFUSED\\)\\)\\. No result was written; finished requests are cached, so a rerun resumes\\.$`));
    await assert.rejects(c.complete(body('later')), EndpointsDown);
  });

  it('the only endpoint back serving another model: the run stops at once, not at the outage limit', async () => {
    const served = { id: 'm' };
    const h = await host(undefined, served);
    const c = createCompletionsClient(opts([h.url]));
    const lines = watched(c, 60_000);
    const outage = h.down(300);
    served.id = 'other';
    await new Promise((r) => setTimeout(r, 20));
    const t0 = performance.now();
    const all = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => c.complete(body(`o${i}`, i))));
    await outage;
    assert.ok(performance.now() - t0 < 10_000, 'stopped long before the 60 s limit');
    const down = all.flatMap((r) => (r.status === 'rejected' && r.reason instanceof EndpointsDown ? [r.reason as Error] : []));
    assert.ok(down.length >= 4, all.map((r) => (r.status === 'rejected' ? String(r.reason) : 'answered')).join('\n'));
    assert.match(down[0]!.message, /^stopped: no endpoint can serve the run: .* now serves "other", not the run's "m"\. No result was written/);
    assert.ok(lines.some((l) => /left out of this run/.test(l)), lines.join('\n'));
    await assert.rejects(c.complete(body('later')), EndpointsDown);
  });

  it('a bad answer still spends the request\'s attempts and holds nothing: cut after its headers, a 400', async () => {
    let n = 0;
    const cut = await host((_q, res) => {
      n++;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' }).write(answer.slice(0, 20));
      setTimeout(() => res.socket?.resetAndDestroy(), 5);
    });
    const c = createCompletionsClient(opts([cut.url], { maxAttempts: 3 }));
    watched(c);
    const failed = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => c.complete(body(`s${i}`, i))));
    assert.ok(failed.every((r) => r.status === 'rejected' && r.reason instanceof RequestFailed && /\(after 3 attempts\)$/.test((r.reason as Error).message)));
    assert.equal(n, 12);
    assert.equal(c.endpoints[0]!.held, false);

    const refusing = await host((_q, res) => res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"too long"}}'));
    const d = createCompletionsClient(opts([refusing.url], { maxAttempts: 3 }));
    watched(d);
    await assert.rejects(d.complete(body()), /HTTP 400: 400 too long \(after 1 attempt\)$/);
    assert.equal(d.endpoints[0]!.held, false);
  });
});

describe('the failures in a row before an endpoint is held', () => {
  it('given back once it is held: with --retries 0 no request fails during a restart, a lone one included', async () => {
    const h = await host();
    const c = createCompletionsClient(opts([h.url], { maxAttempts: 1 }));
    watched(c);
    assert.equal((await c.complete(body('warm'))).text, 'hi');
    let outage = h.down(600);
    await new Promise((r) => setTimeout(r, 20));
    // Before: the requests whose attempts were the first two refused failed at once ('… (after 1 attempt)').
    const all = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => c.complete(body(`u${i}`, i))));
    await outage;
    assert.deepEqual(all.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : [])), []);
    outage = h.down(600);
    await new Promise((r) => setTimeout(r, 20));
    // Alone, its own three refused attempts hold the endpoint (before: it failed after the first).
    assert.equal((await c.complete(body('lone'))).text, 'hi');
    await outage;
    assert.equal(c.stats.failed, 0);
    assert.equal(c.endpoints[0]!.outages, 2);
  });

  it('an endpoint that resets every completion but looks ready: a request gives up after --retries + 1 outages and as many attempts', async () => {
    let sent = 0;
    const h = await host((req) => (sent++, req.socket.resetAndDestroy()));
    const c = createCompletionsClient(opts([h.url], { maxAttempts: 2 }));
    const lines = watched(c);
    const t0 = performance.now();
    await assert.rejects(c.complete(body()), (e: unknown) => e instanceof RequestFailed && /^connection error: .* \(after 2 attempts\)$/.test(e.message));
    // Two outages of three refused attempts each, given back, then two counted.
    assert.equal(sent, 2 * 3 + 2);
    assert.ok(performance.now() - t0 < 5000);
    assert.equal(lines.filter((l) => / is down /.test(l)).length, 2, lines.join('\n'));
  });

  it('an endpoint that answers other requests: a request whose own attempts are reset counts them, and holds nothing', async () => {
    let sent = 0;
    const h = await host((req, res, text) => (/crash/.test(text!) ? (sent++, req.socket.resetAndDestroy()) : res.writeHead(200, { 'content-type': 'application/json' }).end(answer)));
    const c = createCompletionsClient(opts([h.url], { maxAttempts: 2, backoffBaseMs: 200, backoffMaxMs: 200 }));
    watched(c);
    let others = true;
    const flow = (async () => {
      for (let i = 0; others; i++) await c.complete(body(`ok${i}`, i)), await new Promise((r) => setTimeout(r, 20));
    })();
    await assert.rejects(c.complete(body('crash')), /\(after 2 attempts\)$/);
    others = false;
    await flow;
    assert.ok(sent <= 3, `${sent} attempts`);
    assert.equal(c.endpoints[0]!.outages, 0);
  });
});
