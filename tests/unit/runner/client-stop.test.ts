import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import type { CompletionBody } from '../../../runners/client/types.ts';
import { StorageError } from '../../../runners/io/storage-error.ts';

const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

/** An endpoint that answers every request with `answer` (or holds it); counts requests and the ones still open. */
async function endpoint(answer: (res: ServerResponse) => void) {
  const seen = { requests: 0, open: 0 };
  const server = createServer((req, res) => {
    seen.requests++;
    seen.open++;
    res.on('close', () => seen.open--);
    req.resume();
    req.on('end', () => answer(res));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

const body = (prompt: string): CompletionBody => ({ model: 'm', prompt, max_tokens: 8, temperature: 0, top_p: 1, seed: 1, stop: ['<|im_end|>'] });
const full = new StorageError('results/m/samples/gsm8k.jsonl.1.tmp', 'cannot write results', Object.assign(new Error('disk full'), { code: 'ENOSPC' }), '');
const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((r) => setTimeout(r, 5));
};

it('stop: the attempt in flight is given up at once, a queued request is never sent, both fail with the reason', async () => {
  const ep = await endpoint(() => {}); // never answers: only the attempt timeout (10 s) would end it
  const client = createCompletionsClient({ baseURLs: [ep.url], concurrency: 1, timeoutMs: 10_000, maxAttempts: 3, backoffBaseMs: 10, backoffMaxMs: 50, cache: memoryCache() });
  const inFlight = client.complete(body('a'));
  const queued = client.complete(body('b'));
  await until(() => ep.seen.requests === 1);
  const t0 = performance.now();
  client.stop(full);
  const settled = await Promise.allSettled([inFlight, queued]);
  assert.deepEqual(settled.map((s) => (s.status === 'rejected' ? s.reason : s.status)), [full, full]);
  assert.ok(performance.now() - t0 < 1000, `settled ${Math.round(performance.now() - t0)} ms after stop`);
  await until(() => ep.seen.open === 0); // the endpoint sees the connection closed: the attempt is given up
  assert.equal(ep.seen.requests, 1, 'the queued request was not sent');
  assert.equal(client.stats.retries, 0);
  await assert.rejects(client.complete(body('c')), (e) => e === full);
});

it('stop: a request waiting to try again (retry-after) fails at once and is not sent again', async () => {
  const ep = await endpoint((res) => res.writeHead(429, { 'retry-after-ms': '20000' }).end('{"error":"busy"}'));
  const client = createCompletionsClient({ baseURLs: [ep.url], concurrency: 1, timeoutMs: 10_000, maxAttempts: 3, backoffBaseMs: 10, backoffMaxMs: 50, cache: memoryCache() });
  const waiting = client.complete(body('a'));
  await until(() => ep.seen.requests === 1 && ep.seen.open === 0 && client.stats.retries === 1);
  const t0 = performance.now();
  client.stop(full);
  await assert.rejects(waiting, (e) => e === full);
  assert.ok(performance.now() - t0 < 1000, `failed ${Math.round(performance.now() - t0)} ms after stop`);
  assert.equal(ep.seen.requests, 1);
});
