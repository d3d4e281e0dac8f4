import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createHttpFetch } from '../../../runners/client/http-fetch.ts';

const servers: Server[] = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

/** A server that answers with the Host and Authorization headers it received. */
async function echo(): Promise<number> {
  const s = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ host: req.headers.host, auth: req.headers.authorization ?? null })));
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

describe('the transport writes the Host and the Basic auth a URL implies', () => {
  it("sends the URL's Host, and Basic auth from its user:password when the caller sends no Authorization (Ollama's route)", async () => {
    const port = await echo();
    const f = createHttpFetch(4);
    const seen = async (url: string, headers: Record<string, string> = {}) => (await f(url, { method: 'POST', headers, body: '{}' })).json();
    assert.deepEqual(await seen(`http://alice:s3cret%20pw@127.0.0.1:${port}/api/generate`), { host: `127.0.0.1:${port}`, auth: `Basic ${Buffer.from('alice:s3cret pw').toString('base64')}` });
    assert.deepEqual(await seen(`http://alice:s3cretpw@127.0.0.1:${port}/api/generate`, { authorization: 'Bearer sk-own' }), { host: `127.0.0.1:${port}`, auth: 'Bearer sk-own' });
    assert.deepEqual(await seen(`http://127.0.0.1:${port}/api/generate`), { host: `127.0.0.1:${port}`, auth: null });
  });
});
