import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createEndpoints, pickEndpoint } from '../../../runners/client/endpoints.ts';
import { watchHeldEndpoints } from '../../../runners/client/held-endpoints.ts';

const servers: Array<ReturnType<typeof createServer>> = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

/** A server whose answer to GET /v1/models the test changes as it goes. */
async function host(): Promise<{ url: string; answer: (status: number, body: string) => void }> {
  let now = { status: 503, body: '{"error":{"message":"starting"}}' };
  const s = createServer((_req: IncomingMessage, res: ServerResponse) => res.writeHead(now.status, { 'content-type': 'application/json' }).end(now.body));
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`, answer: (status, body) => (now = { status, body }) };
}

const until = async (what: () => boolean) => {
  for (let i = 0; i < 400 && !what(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(what(), 'in time');
};

describe('held endpoints', () => {
  it('one held is never picked while another is not; a later look-up that finds the run\'s model takes it in', async () => {
    const [ready, starting] = [await host(), await host()];
    const endpoints = createEndpoints([ready.url, starting.url], undefined, 1000);
    const lines: string[] = [];
    const watch = watchHeldEndpoints([{ endpoint: endpoints[1]!, reason: 'starting' }], 'm', { timeoutMs: 1000 }, (l) => lines.push(l), { firstMs: 20, maxMs: 40 });
    try {
      for (let i = 0; i < 6; i++) assert.equal(pickEndpoint(endpoints, i), endpoints[0]);
      assert.equal(endpoints[1]!.tally.leftOut, 'starting');
      starting.answer(200, '{"data":[{"id":"m"}]}');
      await until(() => !endpoints[1]!.held);
      assert.equal(endpoints[1]!.tally.leftOut, undefined);
      assert.deepEqual(lines, [`${starting.url} is ready now (serving "m"): it takes requests from here on`]);
      assert.ok([0, 1, 2, 3].some((i) => pickEndpoint(endpoints, i) === endpoints[1]));
    } finally {
      watch.stop();
    }
  });

  it('found serving another model, or refusing, it stays out for the rest of the run, said once', async () => {
    const [other, refusing] = [await host(), await host()];
    const endpoints = createEndpoints([other.url, refusing.url], undefined, 1000);
    const lines: string[] = [];
    const watch = watchHeldEndpoints(endpoints.map((endpoint) => ({ endpoint, reason: 'starting' })), 'm', { timeoutMs: 1000 }, (l) => lines.push(l), { firstMs: 20, maxMs: 40 });
    try {
      other.answer(200, '{"data":[{"id":"other"}]}');
      refusing.answer(401, '{"error":{"message":"bad key"}}');
      await until(() => lines.length === 2);
      await new Promise((r) => setTimeout(r, 150));
      assert.deepEqual(lines.sort(), [`warning: left out of this run: ${other.url} now serves "other", not the run's "m"`, `warning: left out of this run: ${refusing.url}/models: 401 bad key`].sort());
      assert.ok(endpoints.every((e) => e.held));
    } finally {
      watch.stop();
    }
  });

  it('stop() ends a look-up in flight: a silent host does not keep the process up after the run', async () => {
    let closed: () => void;
    const socketClosed = new Promise<void>((r) => (closed = r));
    let asked: () => void;
    const wasAsked = new Promise<void>((r) => (asked = r));
    const silent = createServer((req) => {
      asked();
      req.socket.once('close', () => closed());
    });
    servers.push(silent);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const [endpoint] = createEndpoints([`http://127.0.0.1:${(silent.address() as AddressInfo).port}/v1`], undefined, 60_000);
    const watch = watchHeldEndpoints([{ endpoint: endpoint!, reason: 'silent' }], 'm', { timeoutMs: 60_000 }, () => {}, { firstMs: 10, maxMs: 20 });
    await wasAsked;
    watch.stop();
    // Without the abort the request would stay open for its 30 s timeout (three times over).
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error('the look-up was not ended')), 3000).unref());
    await Promise.race([socketClosed, late]);
  });
});
