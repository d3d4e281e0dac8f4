import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createEndpoints, EndpointError, pickServedModel, servedModels } from '../../../runners/client/endpoints.ts';
import { clearSecrets, registerSecret } from '../../../runners/io/secrets.ts';

const servers: Array<ReturnType<typeof createServer>> = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
}

const lookup = (url: string, apiKey?: string, timeoutMs = 2000) => servedModels(createEndpoints([url], apiKey, timeoutMs), timeoutMs);
const failure = (p: Promise<unknown>) => p.then(() => assert.fail('expected an EndpointError'), (e: unknown) => e as Error);

describe('the /v1/models look-up (without the openai SDK client, with its errors)', () => {
  it('asks GET <base>/models with the key as a Bearer token and takes the one model listed', async () => {
    const seen: Array<{ method?: string; url?: string; auth?: string }> = [];
    const url = await serve((req, res) => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'org/model-a' }] }));
    });
    assert.deepEqual(await lookup(`${url}/`, 'sk-test'), ['org/model-a']);
    assert.deepEqual(seen, [{ method: 'GET', url: '/v1/models', auth: 'Bearer sk-test' }]);
    assert.deepEqual(await lookup(url), ['org/model-a']);
    assert.equal(seen[1]!.auth, 'Bearer none');
  });

  it('of several models listed, takes the one named as serve-cmd names the submission, wherever it is in the list; else asks for --model', async () => {
    // Ollama lists every model pulled; a review's endpoint listed another model first and the whole probe ran on it.
    const url = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'llama3:latest' }, { id: 'qwen3.5-9b:latest' }, { id: 'lora-x' }] })));
    const endpoints = createEndpoints([url], undefined, 2000);
    assert.deepEqual(await servedModels(endpoints, 2000, ['qwen3.5-9b', 'qwen3.5-9b:latest', 'Qwen/Qwen3.5-9B']), ['qwen3.5-9b:latest']);
    for (const expected of [[], ['other-model']]) {
      const e = await failure(servedModels(endpoints, 2000, expected));
      assert.ok(e instanceof EndpointError);
      assert.match(e.message, /\/v1\/models lists 3 models \(llama3:latest, qwen3\.5-9b:latest, lora-x\).*: pass --model NAME to choose$/);
    }
    assert.deepEqual(pickServedModel(['a', 'b'], ['a', 'b']), { problem: 'lists 2 models (a, b), more than one of them named as serve-cmd serves this submission (a or b): pass --model NAME to choose' });
  });

  for (const [name, type, body] of [
    ['an empty list', 'application/json', '{"data":[]}'],
    ['JSON without data', 'application/json', '{"models":["x"]}'],
    ['an id that is not a string', 'application/json', '{"data":[{"id":7}]}'],
    ['a body that is not JSON', 'text/plain', 'hello'],
  ] as const) {
    it(`${name} is an endpoint that lists no model`, async () => {
      const url = await serve((_req, res) => res.writeHead(200, { 'content-type': type }).end(body));
      const e = await failure(lookup(url));
      assert.ok(e instanceof EndpointError);
      assert.match(e.message, /\/v1\/models: the endpoint lists no model$/);
    });
  }

  it("a status error carries the SDK's message for it", async () => {
    const url = await serve((_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}'));
    const e = await failure(lookup(url));
    assert.ok(e instanceof EndpointError);
    assert.match(e.message, /\/v1\/models: 401 bad key$/);
  });

  it('a server that echoes the Authorization header in its error does not get the key printed', async () => {
    const url = await serve((req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `Invalid key ${req.headers.authorization}` } })));
    registerSecret('sk-verysecret123');
    try {
      const e = await failure(lookup(url, 'sk-verysecret123'));
      assert.ok(e instanceof EndpointError);
      assert.doesNotMatch(e.message, /sk-verysecret123/, e.message);
      assert.match(e.message, /\/v1\/models: 401 Invalid key Bearer \[redacted\]$/);
    } finally {
      clearSecrets();
    }
  });

  it("a server that never answers is the SDK's timeout, after three tries", async () => {
    let tries = 0;
    const url = await serve(() => void tries++);
    const e = await failure(lookup(url, undefined, 300));
    // With how long the look-up had (the SDK said only "Request timed out.").
    assert.match(e.message, /\/v1\/models: no complete answer within 0\.3 s \(attempt timeout\)$/);
    assert.equal(tries, 3);
  });

  it("a port nobody listens on is the SDK's connection error", async () => {
    const e = await failure(lookup('http://127.0.0.1:9/v1', undefined, 1000));
    assert.match(e.message, /127\.0\.0\.1:9\/v1\/models: Connection error\.$/);
  });
});
