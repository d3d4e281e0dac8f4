import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { run as doctor } from '../../../runners/cli/commands/doctor.ts';
import { baseUrlsOf, ENDPOINT_FLAGS, httpUrls } from '../../../runners/cli/flags.ts';
import { UsageError } from '../../../runners/core/errors.ts';

/** runners/cli/flags.ts holds the endpoint flags run and doctor share: declared once, checked once. */
function withBaseUrlEnv(t: TestContext, value: string | undefined): void {
  const before = process.env.USERTURN_BASE_URL;
  if (value === undefined) delete process.env.USERTURN_BASE_URL;
  else process.env.USERTURN_BASE_URL = value;
  t.after(() => (before === undefined ? delete process.env.USERTURN_BASE_URL : (process.env.USERTURN_BASE_URL = before)));
}

test('--base-url wins over USERTURN_BASE_URL; each is an http(s) URL without trailing slashes; a bad one is a usage error naming it', (t) => {
  withBaseUrlEnv(t, ' http://127.0.0.1:8000/v1/ , http://127.0.0.1:8001/v1 ');
  assert.deepEqual(baseUrlsOf(undefined), ['http://127.0.0.1:8000/v1', 'http://127.0.0.1:8001/v1']);
  assert.deepEqual(baseUrlsOf(['https://gpu.example/v1//']), ['https://gpu.example/v1']);
  assert.throws(() => httpUrls(['ftp://gpu.example/v1']), (e: unknown) => e instanceof UsageError && e.message === '--base-url must be an http(s) URL, got "ftp://gpu.example/v1"');
  // The same host twice (a trailing slash apart) would take twice its share of requests.
  assert.throws(() => httpUrls(['http://a/v1/', 'http://b/v1', 'http://a/v1']), (e: unknown) => e instanceof UsageError && e.message === '--base-url names the same endpoint twice: "http://a/v1"');
  // A query (even an empty one) would come before the appended API path, and may hold a key: refused, and not echoed.
  const refused = (url: string, source: string | undefined, shown: string) =>
    assert.throws(() => httpUrls([url], source), (e: unknown) => e instanceof UsageError && e.message.startsWith(`${source ?? '--base-url'} must not have a query string or fragment`) && e.message.endsWith(`got "${shown}"`));
  refused('http://gpu.example/v1?api-key=sk-secret', undefined, 'http://gpu.example/v1…');
  refused('http://gpu.example/v1?', undefined, 'http://gpu.example/v1…');
  refused('http://gpu.example/v1/#', 'sub.yaml: serving.base_urls', 'http://gpu.example/v1/…');
  refused('http://gpu.example/v1#frag', undefined, 'http://gpu.example/v1…');
  // Nor does a URL that is not http(s) echo its query or credentials.
  assert.throws(() => httpUrls(['gpu.example/v1?api-key=sk-secret']), (e: unknown) => e instanceof Error && e.message === '--base-url must be an http(s) URL, got "gpu.example/v1…"');
  assert.throws(() => httpUrls(['ftp://user:pw@gpu.example/v1']), (e: unknown) => e instanceof Error && e.message === '--base-url must be an http(s) URL, got "ftp://gpu.example/v1"');
  // The variable is named when the URL came from it.
  withBaseUrlEnv(t, 'http://gpu.example/v1?key=sk-secret');
  assert.throws(() => baseUrlsOf(undefined), (e: unknown) => e instanceof UsageError && e.message.startsWith('USERTURN_BASE_URL must not have a query string'));
  withBaseUrlEnv(t, undefined);
  assert.deepEqual(baseUrlsOf([]), []);
  assert.deepEqual(Object.keys(ENDPOINT_FLAGS).sort(), ['base-url', 'model', 'template', 'timeout-ms']);
});

test('doctor checks one endpoint: two --base-url flags, or none at all, are usage errors (exit 2) before any request', async (t) => {
  withBaseUrlEnv(t, undefined);
  const err: string[] = [];
  t.mock.method(console, 'error', (...a: unknown[]) => void err.push(a.join(' ')));
  assert.equal(await doctor(['sub.yaml', '--base-url', 'http://127.0.0.1:9/v1', '--base-url', 'http://127.0.0.1:10/v1']), 2);
  assert.match(err.join('\n'), /doctor checks one endpoint: pass --base-url once/);
  assert.equal(await doctor(['sub.yaml']), 2);
  assert.match(err.join('\n'), /no endpoint: pass --base-url URL \(or set USERTURN_BASE_URL\)/);
});
