import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createHttpFetch } from '../../../runners/client/http-fetch.ts';

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
