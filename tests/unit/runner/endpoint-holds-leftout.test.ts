import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import { watchHeldEndpoints } from '../../../runners/client/held-endpoints.ts';
import type { CompletionBody } from '../../../runners/client/types.ts';

const cleanup: Array<() => void> = [];
after(() => cleanup.forEach((f) => f()));

const body = (prompt: string, seed: number): CompletionBody => ({ model: 'm', prompt, max_tokens: 8, temperature: 0, top_p: 1, seed, stop: ['<|im_end|>'] });
const answer = JSON.stringify({ id: 'x', object: 'text_completion', created: 0, model: 'm', choices: [{ index: 0, text: 'hi', finish_reason: 'stop' }] });

/** A host serving `served.id`; `close()` shuts its port, `open()` opens it again on the same port. */
async function host(served: { id: string }) {
  let server: Server;
  let port = 0;
  const sockets = new Set<Socket>();
  let ended = false;
  const open = async () => {
    if (ended) return;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(req.url?.endsWith('/models') ? JSON.stringify({ data: [{ id: served.id }] }) : answer));
    });
    server.on('connection', (s) => (sockets.add(s), s.on('close', () => sockets.delete(s))));
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  };
  await open();
  const close = () => new Promise<void>((r) => (server.close(() => r()), sockets.forEach((s) => s.destroy())));
  cleanup.push(() => ((ended = true), void close()));
  return { url: `http://127.0.0.1:${port}/v1`, open, close };
}

it('an endpoint not ready yet at the start is not left out for good: another one found serving another model does not stop the run', { timeout: 20_000 }, async () => {
  const a = await host({ id: 'm' });
  const bServes = { id: 'm' };
  const b = await host(bServes);
  // a: not ready at the start (its port closed), held by the run's watcher; b serves the run.
  await a.close();
  const c = createCompletionsClient({ baseURLs: [a.url, b.url], concurrency: 8, timeoutMs: 2000, maxAttempts: 2, backoffBaseMs: 5, backoffMaxMs: 10, cache: memoryCache(), stream: false });
  const lines: string[] = [];
  const w = watchHeldEndpoints([{ endpoint: c.endpoints[0]!, reason: 'not ready' }], 'm', { timeoutMs: 1000 }, (l) => lines.push(l), { firstMs: 50, maxMs: 100 }, { ready: (e) => c.holds.release(e), leftOut: (e) => c.holds.leftOut(e) });
  c.holds.watch({ recheck: w.recheck, outageLimitMs: 60_000, log: (l) => lines.push(l) });
  cleanup.push(() => (w.stop(), c.holds.stop()));
  await new Promise((r) => setTimeout(r, 200));
  assert.equal((await c.complete(body('warm', 0))).text, 'hi');
  // b goes down and comes back serving another model: left out for good. a opens a little later.
  bServes.id = 'other';
  await b.close();
  setTimeout(() => void b.open(), 100);
  setTimeout(() => void a.open(), 1000);
  const all = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => c.complete(body(`p${i}`, i + 1))));
  const failed = all.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
  // Before: 'stopped: no endpoint can serve the run: not ready; … now serves "other"…', a only starting.
  assert.ok(!failed.some((f) => /no endpoint can serve the run/.test(f)), `${failed.join('\n')}\n${lines.join('\n')}`);
  assert.ok(all.filter((r) => r.status === 'fulfilled').length >= 4, `${failed.join('\n')}\n${lines.join('\n')}`);
});
