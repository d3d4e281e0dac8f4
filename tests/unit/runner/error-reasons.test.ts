/**
 * What a failed request's reason says (it is published in the sample's `error`) when the server's answer is a proxy's
 * HTML page or an error carried by a 200 (runners/client/page-text.ts, answer-check.ts notACompletion).
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import { RequestFailed } from '../../../runners/client/types.ts';

const closers: Array<() => void> = [];
after(() => closers.forEach((f) => f()));

/** The reason a request records when every answer is `status`, `type`, `body`; and the cache after it. */
async function reasonFor(status: number, type: string, body: string, stream = true): Promise<{ reason: string; cached: number }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': type }).end(body));
  });
  closers.push(() => (server.closeAllConnections(), server.close()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const cache = memoryCache();
  const c = createCompletionsClient({ baseURLs: [`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`], concurrency: 1, timeoutMs: 5_000, maxAttempts: 2, backoffBaseMs: 1, backoffMaxMs: 2, cache, stream });
  const e = await c.complete({ model: 'm', prompt: 'p', max_tokens: 8, temperature: 0, top_p: 1, seed: 1, stop: [] }).then(() => assert.fail('expected a failure'), (x: unknown) => x);
  assert.ok(e instanceof RequestFailed);
  return { reason: e.message, cached: cache.keys().length };
}

const NGINX = (code: number, title: string) => `<html>\r\n<head><title>${code} ${title}</title></head>\r\n<body>\r\n<center><h1>${code} ${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

describe('the reason of a request that failed on a proxy page or an error in a 200', () => {
  it("a proxy's 502 and 504 pages: the page's title on one line, not its markup", async () => {
    assert.deepEqual(await reasonFor(502, 'text/html', NGINX(502, 'Bad Gateway')), { reason: 'HTTP 502: an HTML page: "502 Bad Gateway" (after 2 attempts)', cached: 0 });
    assert.equal((await reasonFor(504, 'text/html', NGINX(504, 'Gateway Time-out'), false)).reason, 'HTTP 504: an HTML page: "504 Gateway Time-out" (after 2 attempts)');
    // A page without a title: its text.
    assert.equal((await reasonFor(503, 'text/html; charset=utf-8', '<!DOCTYPE html><html><body><h1>Service\n Unavailable</h1><script>x()</script></body></html>')).reason, 'HTTP 503: an HTML page: "Service Unavailable" (after 2 attempts)');
  });

  it("an error in a 200 (vLLM's error object, the OpenAI envelope): the server's message, retried, nothing cached", async () => {
    const vllm = JSON.stringify({ object: 'error', message: 'CUDA error: an illegal memory access\nwas encountered', type: 'InternalServerError', param: null, code: 500 });
    assert.deepEqual(await reasonFor(200, 'application/json', vllm), { reason: 'a 200 answer carrying an error: CUDA error: an illegal memory access\\nwas encountered (after 2 attempts)', cached: 0 });
    const envelope = JSON.stringify({ error: { message: 'upstream connect error or disconnect/reset before headers', type: 'server_error' } });
    assert.equal((await reasonFor(200, 'application/json', envelope, false)).reason, 'a 200 answer carrying an error: upstream connect error or disconnect/reset before headers (after 2 attempts)');
  });

  it("SGLang's 400, its ErrorResponse at the top level (no `error` envelope): its message, not retried", async () => {
    const sglang = JSON.stringify({ object: 'error', message: 'Requested token count exceeds the context length.', type: 'BadRequestError', param: null, code: 400 });
    for (const stream of [true, false]) assert.deepEqual(await reasonFor(400, 'application/json', sglang, stream), { reason: 'HTTP 400: 400 Requested token count exceeds the context length. (after 1 attempt)', cached: 0 });
  });

  it('a 200 that is not JSON: what it was, shortly', async () => {
    assert.equal((await reasonFor(200, 'text/html', '<!DOCTYPE html><html><head><title>Sign in</title></head><body>…</body></html>')).reason, 'malformed response: response has no choices[0].text (an HTML page: "Sign in") (after 2 attempts)');
    assert.equal((await reasonFor(200, 'text/plain', 'upstream request timeout')).reason, 'malformed response: response has no choices[0].text (a body that is not JSON: "upstream request timeout") (after 2 attempts)');
  });
});
