import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import { createEndpoints, EndpointError, servedModels } from '../../../runners/client/endpoints.ts';
import { RequestFailed } from '../../../runners/client/types.ts';
import { truncateText } from '../../../runners/probe/perturb.ts';

const servers: Array<{ close(): void; closeAllConnections(): void }> = [];
after(() => servers.forEach((s) => (s.closeAllConnections(), s.close())));

describe('runner review: secrets and bad input', () => {
  it('an endpoint error never prints the user:password or query string of the base URL', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":{"message":"boom"}}');
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    for (const url of [`http://user:s3cret@127.0.0.1:${port}/v1`, `http://127.0.0.1:${port}/v1?api_key=s3cret`]) {
      const err = await servedModels(createEndpoints([url], undefined, 1000), 1000).then(
        () => assert.fail('expected an EndpointError'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof EndpointError);
      assert.doesNotMatch(err.message, /s3cret/, err.message);
      assert.match(err.message, new RegExp(`127\\.0\\.0\\.1:${port}/v1/models`));
    }
  });

  it('a failed request records no user:password from the base URL in its reason (samples are published)', async () => {
    const saved = process.env.USERTURN_FETCH;
    // The global fetch refuses URLs with credentials and quotes the whole URL in its error.
    process.env.USERTURN_FETCH = 'global';
    try {
      const client = createCompletionsClient({
        baseURLs: ['http://user:s3cret@127.0.0.1:9/v1'], concurrency: 1, timeoutMs: 1000, maxAttempts: 1, backoffBaseMs: 1, backoffMaxMs: 1, cache: memoryCache(),
      });
      const err = await client.complete({ model: 'm', prompt: 'p', max_tokens: 1, temperature: 0, top_p: 1, seed: 1, stop: [] }).then(
        () => assert.fail('expected a failure'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof RequestFailed);
      assert.doesNotMatch(err.message, /s3cret/, err.message);
    } finally {
      if (saved === undefined) delete process.env.USERTURN_FETCH;
      else process.env.USERTURN_FETCH = saved;
    }
  });

  it('truncation never splits a character in two (a lone surrogate is not text a server can tokenize)', () => {
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
    for (const text of ['ab\u{1F600}cd', '\u{1F600}\u{1F600}\u{1F600}', '\u{20BB7}\u{20BB7}\u{20BB7}\u{20BB7}x']) {
      for (const boundary of ['word', 'char'] as const) {
        const out = truncateText(text, 0.5, boundary);
        assert.doesNotMatch(out, lone, `${JSON.stringify(text)} ${boundary} -> ${JSON.stringify(out)}`);
        assert.ok(text.startsWith(out));
      }
    }
  });
});
