/**
 * How soon an endpoint held mid-run is taken back once it is back, on the default look-up schedule (HELD_RECHECK), and
 * how often a down endpoint is looked up meanwhile. Real sockets: a port closed for a restart, and a proxy answering
 * 503 for its backend. About 22 s: the schedule is what is tested, so it is not shortened.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import { HELD_RECHECK, watchHeldEndpoints } from '../../../runners/client/held-endpoints.ts';
import type { CompletionBody } from '../../../runners/client/types.ts';

const cleanup: Array<() => void> = [];
after(() => cleanup.forEach((f) => f()));

const body = (prompt: string, seed: number): CompletionBody => ({ model: 'm', prompt, max_tokens: 8, temperature: 0, top_p: 1, seed, stop: ['<|im_end|>'] });
const answer = JSON.stringify({ id: 'x', object: 'text_completion', created: 0, model: 'm', choices: [{ index: 0, text: 'hi', finish_reason: 'stop' }] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Serves "m". While `state.failing` it answers every request 503 (a proxy whose backend is down); `close()` shuts the
 * port and `open()` opens it again on the same one. When each completion and each GET /models arrived.
 */
async function host() {
  let server: Server;
  let port = 0;
  const sockets = new Set<Socket>();
  const state = { failing: false, ended: false };
  const seen = { completions: [] as number[], models: [] as number[] };
  const open = async () => {
    if (state.ended) return;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const models = req.url!.endsWith('/models');
        (models ? seen.models : seen.completions).push(performance.now());
        if (state.failing) return void res.writeHead(503, { 'content-type': 'text/html' }).end('<html><title>503 Service Unavailable</title></html>');
        res.writeHead(200, { 'content-type': 'application/json' }).end(models ? JSON.stringify({ data: [{ id: 'm' }] }) : answer);
      });
    });
    server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  };
  await open();
  const close = () => new Promise<void>((r) => (server.close(() => r()), sockets.forEach((s) => s.destroy())));
  cleanup.push(() => ((state.ended = true), void close()));
  return { url: `http://127.0.0.1:${port}/v1`, state, seen, open, close };
}

/** A client as a run wires it, with the run's default look-up schedule. */
function client(url: string) {
  const c = createCompletionsClient({ baseURLs: [url], concurrency: 8, timeoutMs: 2000, maxAttempts: 3, backoffBaseMs: 5, backoffMaxMs: 10, cache: memoryCache(), stream: false });
  const w = watchHeldEndpoints([], 'm', { timeoutMs: 1000 }, () => {}, HELD_RECHECK, { ready: (e) => c.holds.release(e), leftOut: (e) => c.holds.leftOut(e) });
  c.holds.watch({ recheck: w.recheck, outageLimitMs: 600_000, log: () => {} });
  cleanup.push(() => (w.stop(), c.holds.stop()));
  return c;
}

/** Down 16 s: before, the look-ups (2 s at first, doubling to 30 s) came at about 2, 7, 15 and 32 s, 16 s late. */
const DOWN_MS = 16_000;
/** The longest wait between look-ups (5 s), and one look-up's three tries (200 and 400 ms apart) with some slack. */
const LATE_MS = 6000;

it('an endpoint back after 16 s takes requests within 6 s; while it is down it is looked up at most once a second', { timeout: 60_000 }, async () => {
  const [restarting, proxied] = [await host(), await host()];
  const [a, b] = [client(restarting.url), client(proxied.url)];
  await Promise.all([a.complete(body('warm', 0)), b.complete(body('warm', 0))]);
  await restarting.close();
  proxied.state.failing = true;
  const t0 = performance.now();
  const waiting = [a, b].map((c) => Promise.all(Array.from({ length: 4 }, (_, i) => c.complete(body(`p${i}`, i + 1)))));
  await sleep(DOWN_MS);
  const downLookups = proxied.seen.models.filter((t) => t >= t0);
  const [firstA, firstB] = [restarting.seen.completions.length, proxied.seen.completions.length];
  const back = performance.now();
  proxied.state.failing = false;
  await restarting.open();
  await Promise.all(waiting);
  const lates = [restarting.seen.completions[firstA]! - back, proxied.seen.completions[firstB]! - back];
  assert.ok(lates.every((ms) => ms < LATE_MS), `first request ${lates.map((ms) => (ms / 1000).toFixed(1)).join(' s and ')} s after the endpoint was back`);
  assert.equal(a.stats.failed + b.stats.failed, 0);

  // Look-ups while down: three tries each, spaced apart (a gap past the tries' 400 ms starts another look-up).
  const starts = downLookups.filter((t, i) => i === 0 || t - downLookups[i - 1]! > 700);
  const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
  assert.ok(gaps.every((ms) => ms >= HELD_RECHECK.firstMs), `look-ups ${gaps.map((ms) => Math.round(ms)).join(', ')} ms apart`);
  assert.ok(downLookups.length <= 3 * starts.length && starts.length <= 6, `${downLookups.length} GETs of /models in ${starts.length} look-ups`);
});
