import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import { requestKey } from '../../../runners/cache/key.ts';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient, type ClientOptions } from '../../../runners/client/completions-client.ts';
import { RequestFailed, type CompletionBody } from '../../../runners/client/types.ts';
import { streamEvents } from '../../../runners/sim/stream-route.ts';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number, sent: Record<string, unknown>) => void;
const cleanup: Array<() => void> = [];
after(() => cleanup.forEach((f) => f()));

/** A scripted endpoint that records each request body. */
async function endpoint(handler: Handler) {
  const bodies: Array<Record<string, unknown>> = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const b = JSON.parse(raw) as Record<string, unknown>;
      bodies.push(b);
      handler(req, res, bodies.length, b);
    });
  });
  cleanup.push(() => (server.closeAllConnections(), server.close()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, bodies };
}

const USAGE = { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 };
/** The events of one answer, shaped as the simulator (and vLLM) stream them. */
const events = (text = 'Hello there, how are you?') => streamEvents({ model: 'm', text, finish_reason: 'stop', usage: USAGE }, true);
const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' }).flushHeaders();
/** A whole, well-formed stream. */
function whole(res: ServerResponse, text?: string) {
  const e = events(text);
  sse(res);
  res.end(e.chunks.join('') + e.usage + 'data: [DONE]\n\n');
}

const body = (prompt = 'p'): CompletionBody => ({ model: 'm', prompt, max_tokens: 8, temperature: 0, top_p: 1, seed: 1, stop: ['<|im_end|>'] });
const opts = (url: string, extra: Partial<ClientOptions> = {}): ClientOptions => ({
  baseURLs: [url], concurrency: 4, timeoutMs: 20_000, maxAttempts: 3, backoffBaseMs: 5, backoffMaxMs: 20, cache: memoryCache(), ...extra,
});

describe('streamed completions', () => {
  it('asks for a stream with usage and assembles it into the record a JSON answer gives (same cache key and audit)', async () => {
    const ep = await endpoint((_req, res) => whole(res));
    const cache = memoryCache();
    const r = await createCompletionsClient(opts(ep.url, { cache })).complete(body());
    assert.equal(ep.bodies[0]!.stream, true);
    assert.deepEqual(ep.bodies[0]!.stream_options, { include_usage: true });
    assert.deepEqual({ text: r.text, finish_reason: r.finish_reason, model: r.model }, { text: 'Hello there, how are you?', finish_reason: 'stop', model: 'm' });
    const row = cache.get(requestKey(body()))!;
    assert.ok(row, 'cached under the key of the body without the stream fields');
    assert.deepEqual(JSON.parse(row.audit!), { id: 'cmpl-sim', created: 0, usage: USAGE });
  });

  it('a stall before the first chunk fails the attempt after the first-byte timeout and is retried', async () => {
    const ep = await endpoint((_req, res, n) => (n === 1 ? sse(res) : whole(res)));
    const c = createCompletionsClient(opts(ep.url, { httpTimeouts: { firstByteMs: 300 } }));
    const t0 = performance.now();
    assert.equal((await c.complete(body())).text, 'Hello there, how are you?');
    assert.ok(performance.now() - t0 < 5_000, 'not the 20 s attempt timeout');
    assert.equal(c.stats.retries, 1);
  });

  it('a stall mid-stream hits the idle timeout and is retried', async () => {
    const ep = await endpoint((_req, res, n) => {
      if (n > 1) return whole(res);
      sse(res);
      res.write(events().chunks.slice(0, 2).join(''));
    });
    const c = createCompletionsClient(opts(ep.url, { httpTimeouts: { idleMs: 300 }, maxAttempts: 1 }));
    const t0 = performance.now();
    await assert.rejects(c.complete(body()), (e: unknown) => e instanceof RequestFailed && /idle timeout/.test(e.message));
    assert.ok(performance.now() - t0 < 5_000);
    assert.deepEqual(c.stats.failureReasons, { timeout: 1 });
    const retried = createCompletionsClient(opts(ep.url, { httpTimeouts: { idleMs: 300 } }));
    assert.equal((await retried.complete(body('again'))).text, 'Hello there, how are you?');
  });

  it('a stream cut before data: [DONE] is retried, never cached as complete (even with its finish_reason in)', async () => {
    const ep = await endpoint((req, res, n) => {
      if (n > 2) return whole(res);
      const e = events('cut answer');
      sse(res);
      if (n === 1) res.end(e.chunks.join('') + e.usage); // every chunk, finish_reason and usage, but no [DONE]
      else {
        res.write(e.chunks.slice(0, 1).join(''));
        setImmediate(() => req.socket.destroy()); // a reset mid-stream
      }
    });
    const cache = memoryCache();
    const one = createCompletionsClient(opts(ep.url, { cache, maxAttempts: 1 }));
    await assert.rejects(one.complete(body()), (e: unknown) => e instanceof RequestFailed && /\[DONE\]/.test(e.message));
    assert.equal(cache.keys().length, 0, 'nothing cached');
    const c = createCompletionsClient(opts(ep.url, { cache }));
    assert.equal((await c.complete(body())).text, 'Hello there, how are you?');
    assert.equal(ep.bodies.length, 3);
  });

  it('an error event inside a stream fails the attempt (vLLM sends one, then [DONE])', async () => {
    const ep = await endpoint((_req, res, n) => {
      if (n > 1) return whole(res);
      sse(res);
      res.end(`${events().chunks[0]}data: {"error":{"message":"engine died","type":"InternalServerError","code":500}}\n\ndata: [DONE]\n\n`);
    });
    const c = createCompletionsClient(opts(ep.url));
    assert.equal((await c.complete(body())).text, 'Hello there, how are you?');
    assert.equal(c.stats.retries, 1);
  });

  it('USERTURN_STREAM=0 (or stream: false) sends no stream fields and reads one JSON answer', async () => {
    const ep = await endpoint((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'x', object: 'text_completion', created: 0, model: 'm', choices: [{ index: 0, text: 'json', finish_reason: 'stop' }] }));
    });
    assert.equal((await createCompletionsClient(opts(ep.url, { stream: false })).complete(body())).text, 'json');
    assert.equal('stream' in ep.bodies[0]!, false);
  });
});

describe('connect timeout', () => {
  it('a host that never completes the TCP handshake fails within the connect timeout', async () => {
    // A listening socket whose process never accepts: once its accept queue is full the kernel drops new SYNs,
    // so a connection attempt hangs in SYN_SENT, as with a blackholed address.
    const child = spawn(process.execPath, ['-e', "const s=require('net').createServer().listen({port:0,host:'127.0.0.1',backlog:1},()=>{console.log(s.address().port);Atomics.wait(new Int32Array(new SharedArrayBuffer(4)),0,0)})"], { stdio: ['ignore', 'pipe', 'inherit'] });
    const reap = () => child.kill('SIGKILL');
    process.once('exit', reap);
    const fillers: Socket[] = [];
    cleanup.push(() => (fillers.forEach((s) => s.destroy()), reap()));
    const port = await new Promise<number>((r) => child.stdout.once('data', (d) => r(Number(String(d).trim()))));
    for (let i = 0; i < 4; i++) fillers.push(connect(port, '127.0.0.1').on('error', () => {}));
    await new Promise((r) => setTimeout(r, 200));
    const c = createCompletionsClient(opts(`http://127.0.0.1:${port}/v1`, { maxAttempts: 1, httpTimeouts: { connectMs: 400 } }));
    const t0 = performance.now();
    await assert.rejects(c.complete(body()), (e: unknown) => e instanceof RequestFailed && /connect timeout/.test(e.message));
    const took = performance.now() - t0;
    assert.ok(took >= 350 && took < 3_000, `failed after ${Math.round(took)} ms`);
  });
});
