import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { createEndpoints, EndpointError } from '../../../runners/client/endpoints.ts';
import { pickServedModel, servedModels } from '../../../runners/client/model-lookup.ts';
import { clearSecrets, registerSecret } from '../../../runners/io/secrets.ts';

const servers: Array<ReturnType<typeof createServer>> = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const s = createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
}

const lookup = (url: string, apiKey?: string, timeoutMs = 2000) => servedModels(createEndpoints([url], apiKey, timeoutMs), { timeoutMs }).then((r) => [r.model]);
const reasons = (r: { held: Array<{ reason: string }> }) => r.held.map((h) => h.reason);
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
    assert.deepEqual(await servedModels(endpoints, { timeoutMs: 2000, expected: ['qwen3.5-9b', 'qwen3.5-9b:latest', 'Qwen/Qwen3.5-9B'] }), { model: 'qwen3.5-9b:latest', window: null, held: [] });
    for (const expected of [[], ['other-model']]) {
      const e = await failure(servedModels(endpoints, { timeoutMs: 2000, expected }));
      assert.ok(e instanceof EndpointError);
      assert.match(e.message, /\/v1\/models lists 3 models \(llama3:latest, qwen3\.5-9b:latest, lora-x\).*: pass --model NAME to choose$/);
    }
    assert.deepEqual(pickServedModel(['a', 'b'], ['a', 'b']), { problem: 'lists 2 models (a, b), more than one of them named as serve-cmd serves this submission (a or b): pass --model NAME to choose' });
  });

  it("the window the ready endpoints report (vLLM's and SGLang's max_model_len on the model's card): the smallest, null when none does", async () => {
    const card = (extra: object) => serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'other', max_model_len: 100 }, { id: 'm', ...extra }] })));
    const [wide, narrow, none, odd] = [await card({ max_model_len: 32768 }), await card({ max_model_len: 4096 }), await card({}), await card({ max_model_len: '4096' })];
    const windowOf = async (urls: string[]) => (await servedModels(createEndpoints(urls, undefined, 2000), { timeoutMs: 2000, expected: ['m'] })).window;
    assert.equal(await windowOf([wide]), 32768);
    assert.equal(await windowOf([wide, narrow, none]), 4096);
    assert.equal(await windowOf([none]), null);
    assert.equal(await windowOf([odd]), null, 'a window that is not a number is none');
  });

  it("llama.cpp's window: meta.n_ctx of the model's card; meta.n_ctx_train alone (older releases) is the training context, not read", async () => {
    const card = (meta: unknown) => serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data: [{ id: 'm', object: 'model', owned_by: 'llamacpp', meta }] })));
    const windowOf = async (meta: unknown) => (await servedModels(createEndpoints([await card(meta)], undefined, 2000), { timeoutMs: 2000 })).window;
    assert.equal(await windowOf({ vocab_type: 2, n_vocab: 151936, n_ctx: 8192, n_ctx_train: 40960 }), 8192);
    assert.equal(await windowOf({ vocab_type: 2, n_vocab: 151936, n_ctx_train: 40960 }), null);
    // Before the model is loaded, some releases give meta: null.
    assert.equal(await windowOf(null), null);
    assert.equal(await windowOf({ n_ctx: '8192' }), null, 'a window that is not a number is none');
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

  it("a server that never answers is the SDK's timeout, tried once (another try would wait as long again)", async () => {
    let tries = 0;
    const url = await serve(() => void tries++);
    const e = await failure(lookup(url, undefined, 300));
    // With how long the look-up had (the SDK said only "Request timed out.").
    assert.match(e.message, /\/v1\/models: no complete answer within 0\.3 s \(attempt timeout\)$/);
    assert.equal(tries, 1);
  });

  it("a model id's newline stays inside the reason's line (it forged a line of its own)", async () => {
    const url = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'a\nFORGED: all good' }, { id: 'b' }] })));
    const e = await failure(lookup(url));
    assert.match(e.message, /lists 2 models \(a\\nFORGED: all good, b\)/);
    assert.doesNotMatch(e.message, /\n/);
  });

  it("a transport timeout (connect, first byte) ends the look-up's tries like the attempt's own deadline", async () => {
    // A connect timeout was tried three times: about 30 s where 10 were documented.
    let tries = 0;
    const url = await serve(() => void tries++);
    const endpoints = createEndpoints([url], undefined, 5000, 8, { connectMs: 1000, firstByteMs: 150, idleMs: 1000 });
    const e = await failure(servedModels(endpoints, { timeoutMs: 5000 }));
    assert.match(e.message, /first-byte timeout/);
    assert.equal(tries, 1);
  });

  it('a refusal is asked once; a 503 or a refused connection three times', async () => {
    for (const [status, times] of [[401, 1], [404, 1], [503, 3]] as const) {
      let tries = 0;
      const url = await serve((_req, res) => (tries++, res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":{"message":"no"}}')));
      await failure(lookup(url));
      assert.equal(tries, times, `${status}`);
    }
  });

  it("a port nobody listens on is the SDK's connection error, with its cause", async () => {
    const e = await failure(lookup('http://127.0.0.1:9/v1', undefined, 1000));
    // Then what to check, since nothing listens there (refused-hint.ts).
    assert.match(e.message, /127\.0\.0\.1:9\/v1\/models: Connection error\. \(ECONNREFUSED\); nothing accepts connections at 127\.0\.0\.1:9: check that the server is running/);
  });

  it('a connection that fails names its cause, as doctor does: a host name unknown, https against an http server', async () => {
    // It said only "Connection error." for all three.
    const unknownHost = await failure(lookup('http://gpu-host.invalid:8000/v1', undefined, 2000));
    assert.match(unknownHost.message, /gpu-host\.invalid:8000\/v1\/models: Connection error\. \(ENOTFOUND\)$/);
    const plain = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m"}]}'));
    const tls = await failure(lookup(plain.replace('http:', 'https:'), undefined, 2000));
    assert.match(tls.message, /\/v1\/models: Connection error\. \(TLS error ERR_SSL_WRONG_VERSION_NUMBER: the server does not speak TLS/);
  });
});

describe('the /v1/models look-up over several endpoints', () => {
  const listing = (id: string) => serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id }] })));

  it('one endpoint that does not answer (down, timing out, 5xx, 429) is named and left out while another answered', async () => {
    // A run on several hosts stopped at the look-up when one of them was down, though the client rests it.
    const live = await listing('m');
    const busy = await serve((_req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"loading"}}'));
    const limited = await serve((_req, res) => res.writeHead(429, { 'content-type': 'application/json' }).end('{"error":{"message":"slow down"}}'));
    const silent = await serve(() => {});
    const endpoints = createEndpoints(['http://127.0.0.1:9/v1', live, busy, limited, silent], undefined, 300);
    const r = await servedModels(endpoints, { timeoutMs: 300 });
    assert.equal(r.model, 'm');
    assert.deepEqual(r.held.map((h) => h.endpoint), [endpoints[0], endpoints[2], endpoints[3], endpoints[4]]);
    const why = reasons(r);
    assert.match(why[0]!, /^http:\/\/127\.0\.0\.1:9\/v1\/models: Connection error\. \(ECONNREFUSED\)$/);
    assert.match(why[1]!, /\/v1\/models: 503 loading$/);
    assert.match(why[2]!, /\/v1\/models: 429 slow down$/);
    assert.match(why[3]!, /\/v1\/models: no complete answer within 0\.3 s \(attempt timeout\)$/);
  });

  it("an engine's readiness route (llama.cpp's /health): 503 is not ready yet, a route it does not have (404) says nothing", async () => {
    const withHealth = (status: number) => serve((req, res) => {
      if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m"}]}');
      res.writeHead(status, { 'content-type': 'application/json' }).end(status === 503 ? '{"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}' : '{"error":{"message":"File Not Found"}}');
    });
    const [loadingUrl, olderUrl] = [await withHealth(503), await withHealth(404)];
    const r = await servedModels(createEndpoints([loadingUrl, olderUrl], undefined, 1000), { timeoutMs: 1000, readyRoute: 'health' });
    assert.equal(r.model, 'm');
    assert.deepEqual(reasons(r), [`${loadingUrl}/health: 503 Loading model (it lists its model but cannot serve it yet)`]);
    // Without a readiness route (vLLM, SGLang, TGI, Ollama) the route is never asked.
    assert.deepEqual(await servedModels(createEndpoints([loadingUrl], undefined, 1000), { timeoutMs: 1000 }), { model: 'm', window: null, held: [] });
  });

  it('every endpoint silent stops the run, naming each one', async () => {
    const e = await failure(servedModels(createEndpoints(['http://127.0.0.1:9/v1', 'http://127.0.0.1:10/v1'], undefined, 300), { timeoutMs: 300 }));
    assert.ok(e instanceof EndpointError);
    assert.match(e.message, /^http:\/\/127\.0\.0\.1:9\/v1\/models: Connection error\. \(ECONNREFUSED\); http:\/\/127\.0\.0\.1:10\/v1\/models: Connection error\. \(ECONNREFUSED\); nothing accepts connections at 127\.0\.0\.1:9, 127\.0\.0\.1:10: /);
  });

  it('an endpoint still loading counts with the model it lists: another model than the others stops the run', async () => {
    // A review's loading llama.cpp host listed another model, was held, and later answered for the run (llama.cpp
    // answers whatever model a request names): two models' answers in one result.
    const loadingOther = await serve((req, res) => {
      if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"other"}]}');
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}');
    });
    const e = await failure(servedModels(createEndpoints([await listing('m'), loadingOther], undefined, 1000), { timeoutMs: 1000, readyRoute: 'health' }));
    assert.match(e.message, /^the endpoints serve different models \(m, other\); pass --model to choose one name$/);
  });

  it('--model: the name is taken whatever is listed (or with no /models route), and readiness and dead hosts still count', async () => {
    const loading = await serve((req, res) => {
      if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"listed"}]}');
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}');
    });
    const noRoute = await serve((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}'));
    const r = await servedModels(createEndpoints([noRoute, loading, 'http://127.0.0.1:9/v1'], undefined, 300), { timeoutMs: 300, readyRoute: 'health', wanted: 'chosen' });
    assert.equal(r.model, 'chosen');
    assert.deepEqual(reasons(r).map((x) => x.replace(/^http:\/\/127\.0\.0\.1:\d+/, '')), ['/v1/health: 503 Loading model (it lists its model but cannot serve it yet)', '/v1/models: Connection error. (ECONNREFUSED)']);
    // Before, --model skipped the look-up: a loading llama.cpp got every request (28 attempts of 503 in a review's run).
    const alone = await failure(servedModels(createEndpoints([loading], undefined, 300), { timeoutMs: 300, readyRoute: 'health', wanted: 'chosen' }));
    assert.match(alone.message, /\/v1\/health: 503 Loading model/);
  });

  it('a refusal (a wrong key, a wrong path, no model listed) stops the run even when another endpoint answered', async () => {
    const live = await listing('m');
    for (const [status, body, message] of [
      [401, '{"error":{"message":"bad key"}}', /\/v1\/models: 401 bad key$/],
      [404, '{"error":{"message":"no route"}}', /\/v1\/models: 404 no route \(a server without that route: pass --model NAME\)$/],
      [200, '{"data":[]}', /\/v1\/models: the endpoint lists no model$/],
    ] as const) {
      const other = await serve((_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(body));
      const e = await failure(servedModels(createEndpoints([live, other], undefined, 1000), { timeoutMs: 1000 }));
      assert.ok(e instanceof EndpointError);
      assert.match(e.message, message);
    }
  });

  it('a refusal ends the other look-ups at once: a silent host does not delay the stop', async () => {
    // A review's run waited 91 s on a silent host before stopping on another endpoint's 401.
    let closed = false;
    const silent = await serve((req) => req.socket.once('close', () => (closed = true)));
    const refusing = await serve((_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}'));
    const e = await failure(servedModels(createEndpoints([silent, refusing], undefined, 60_000), { timeoutMs: 60_000 }));
    assert.match(e.message, /\/v1\/models: 401 bad key$/);
    await new Promise((r) => setTimeout(r, 100));
    assert.ok(closed, "the silent host's look-up was ended");
  });

  it('endpoints are asked at once: the look-ups of two silent endpoints are open together', async () => {
    // In turn, a run on eight hosts waited three tries per silent host before the next one was asked.
    let open = 0;
    let mostOpen = 0;
    const hold = (req: IncomingMessage) => {
      mostOpen = Math.max(mostOpen, ++open);
      req.socket.once('close', () => open--);
    };
    const r = await servedModels(createEndpoints([await serve(hold), await serve(hold), await listing('m')], undefined, 300), { timeoutMs: 300 });
    assert.equal(mostOpen, 2);
    assert.equal(r.model, 'm');
  });
});
