import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { readPlanText } from '../../../runners/community/plan-estimate.ts';
import { checkSubmissionPath, probePlan, shardSpecs, submissionFromPrFiles } from '../../../runners/community/probe-plan.ts';
import { engineEnv } from '../../../runners/community/probe-job/processes.ts';
import { waitForEndpoints, waitForModels } from '../../../runners/community/probe-job/readiness.ts';

test('probe-plan: shard matrix values and checked submission paths', () => {
  assert.deepEqual(shardSpecs(1), ['1/1']);
  assert.deepEqual(shardSpecs(4), ['1/4', '2/4', '3/4', '4/4']);
  for (const bad of [0, 17, 1.5, Number.NaN]) assert.throws(() => shardSpecs(bad));
  assert.deepEqual(probePlan({ submission: ' submissions/qwen/qwen3.5-9b.yaml ', shards: '2' }), { submission: 'submissions/qwen/qwen3.5-9b.yaml', id: 'qwen3.5-9b', shards: ['1/2', '2/2'] });
  for (const bad of ['submissions/qwen/x.yaml; reboot', 'submissions/../etc/passwd.yaml', '../submissions/a/b.yaml', 'submissions/a/b/c.yaml', 'submissions/A/b.yaml', '$(id)', 'submissions/a/b.yaml\nx']) {
    assert.throws(() => checkSubmissionPath(bad), /not a submission path/, bad);
  }
  assert.equal(submissionFromPrFiles([{ filename: 'README.md', status: 'modified' }, { filename: 'submissions/acme/m-1.yaml', status: 'added' }]), 'submissions/acme/m-1.yaml');
  assert.throws(() => submissionFromPrFiles([{ filename: 'submissions/a/x.yaml', status: 'added' }, { filename: 'submissions/a/y.yaml', status: 'added' }]), /exactly one/);
  assert.throws(() => submissionFromPrFiles([{ filename: 'submissions/a/x.yaml', status: 'removed' }]), /exactly one/);
});

test('waitForModels: waits through 503s until the served model is listed; gives up when the server dies or time runs out', async () => {
  let calls = 0;
  const server = createServer((req, res) => {
    calls++;
    if (req.url !== '/v1/models' || calls < 3) {
      res.writeHead(503);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: [{ id: calls < 4 ? 'loading' : 'qwen3.5-9b' }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  try {
    assert.equal(await waitForModels(base, { timeoutMs: 5000, intervalMs: 20, expectModel: 'qwen3.5-9b' }), 'qwen3.5-9b');
    assert.ok(calls >= 4);
    await assert.rejects(waitForModels(base, { timeoutMs: 5000, intervalMs: 20, alive: () => false }), /exited before/);
    await assert.rejects(waitForModels(base, { timeoutMs: 150, intervalMs: 20, expectModel: 'other' }), /was not ready within 0 s \(serves "qwen3\.5-9b", not "other"\)$/);
  } finally {
    server.close();
  }
});

test('waitForModels: a try the deadline cuts short does not replace what the host answered before', async () => {
  // Under a loaded CI the last try ran into the deadline and its "no complete answer within 0.001 s" was the reason given.
  let health = 0;
  const server = createServer((req, res) => {
    if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m"}]}');
    if (req.url === '/v1/health' && ++health === 1) return res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}');
    // Then silent: every later try is cut by the deadline.
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  try {
    await assert.rejects(waitForModels(base, { timeoutMs: 600, intervalMs: 20, readyRoute: 'health' }), /\/v1\/health: 503 Loading model/);
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('waitForModels with the engine\'s readiness route: a model listed while /health answers 503 is still loading (llama.cpp)', async () => {
  let health = 0;
  const server = createServer((req, res) => {
    if (req.url === '/v1/models') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m"}]}');
    if (req.url === '/v1/health' && ++health < 4) return res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":503,"message":"Loading model","type":"unavailable_error"}}');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  try {
    assert.equal(await waitForModels(base, { timeoutMs: 5000, intervalMs: 20, readyRoute: 'health' }), 'm');
    assert.equal(health, 4, 'waited through three 503s');
    health = -1_000_000; // loading for good now
    await assert.rejects(waitForModels(base, { timeoutMs: 1400, intervalMs: 20, readyRoute: 'health' }), /was not ready within 1 s \(.*\/v1\/health: 503 Loading model \(it lists its model but cannot serve it yet\)\)$/);
  } finally {
    server.close();
  }
});

test('waitForEndpoints: one host down of several is named and the job goes on; none up stops it; hosts are waited for together', async () => {
  // One after another, a host down stopped the job (and eight hosts could take eight timeouts).
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m"}]}'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const live = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  try {
    const lines: string[] = [];
    await waitForEndpoints(['http://127.0.0.1:9/v1', live], { timeoutMs: 300, intervalMs: 20 }, (l) => lines.push(l));
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^warning: going on without it \(the run takes it in once it is ready\): http:\/\/127\.0\.0\.1:9\/v1 was not ready within 0 s \(.+\)$/);
    assert.equal(lines[1], `ready: ${live} serves m`);
    await assert.rejects(waitForEndpoints(['http://127.0.0.1:9/v1', 'http://127.0.0.1:10/v1'], { timeoutMs: 200, intervalMs: 20 }, () => {}), /127\.0\.0\.1:9\/v1 was not ready .*; http:\/\/127\.0\.0\.1:10\/v1 was not ready/);
    // Together: two loading hosts' polls interleave (one after another, every poll of the first came before the second's).
    const hits: string[] = [];
    const loading = (name: string) => createServer((_req, res) => (hits.push(name), res.writeHead(503).end()));
    const [a, b] = [loading('a'), loading('b')];
    for (const x of [a, b]) await new Promise<void>((r) => x.listen(0, '127.0.0.1', r));
    const url = (x: typeof a) => `http://127.0.0.1:${(x.address() as AddressInfo).port}/v1`;
    await assert.rejects(waitForEndpoints([url(a), url(b)], { timeoutMs: 200, intervalMs: 20 }, () => {}));
    a.close();
    b.close();
    assert.ok(hits.indexOf('b') < hits.lastIndexOf('a'), hits.join(''));
  } finally {
    server.close();
  }
});

test('waitForEndpoints: once one is ready the others get a grace, not the whole timeout; an interrupt ends every wait', async () => {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":"m"}]}'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const live = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const inTime = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms).unref())]);
  try {
    // A 60 s timeout, a 1.5 s grace: the dead host is given up on once the grace is over.
    const lines: string[] = [];
    await inTime(waitForEndpoints(['http://127.0.0.1:9/v1', live], { timeoutMs: 60_000, intervalMs: 20, lateMs: 1500 }, (l) => lines.push(l)), 10_000);
    assert.match(lines[0]!, /^warning: going on without it \(the run takes it in once it is ready\): http:\/\/127\.0\.0\.1:9\/v1 was not ready: no answer 1\.5 s after another endpoint was ready \(.*Connection error\. \(ECONNREFUSED\)\)$/);
    // Ctrl-C while two dead hosts are waited for (a review's job kept waiting 39 s after "SIGINT: stopping").
    let alive = true;
    setTimeout(() => (alive = false), 100);
    await assert.rejects(inTime(waitForEndpoints(['http://127.0.0.1:9/v1', 'http://127.0.0.1:10/v1'], { timeoutMs: 60_000, intervalMs: 20, alive: () => alive }, () => {}), 10_000), /the job was interrupted/);
  } finally {
    server.close();
  }
});

test('waitForEndpoints: a refusal stops the job at once, as it stops the run; no wait runs past its deadline', async () => {
  const refusing = createServer((_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}'));
  const silent = createServer(() => {});
  for (const s of [refusing, silent]) await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const url = (s: typeof silent) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/v1`;
  const inTime = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms).unref())]);
  try {
    // A review's job waited its whole timeout on a 401, then called it "no answer" and promised to take it in.
    await assert.rejects(inTime(waitForEndpoints([url(refusing), url(silent)], { timeoutMs: 60_000, intervalMs: 20 }, () => {}), 5000), /\/v1\/models: 401 bad key$/);
    // A 0.6 s wait on a silent host (its tries wait 5 s each) ends near 0.6 s, not 5 s later.
    await assert.rejects(inTime(waitForModels(url(silent), { timeoutMs: 600, intervalMs: 20 }), 3000), /was not ready within 1 s/);
  } finally {
    refusing.close();
    silent.closeAllConnections();
    silent.close();
  }
});

test('plan estimate: reads the runner dry-run table (requests, items, prompt and completion tokens)', () => {
  const out = [
    'plan: suite userturn v1, submission qwen3.5-0.8b, template hub:Qwen/Qwen3.5-0.8B@main/tokenizer_config.json',
    'dataset       condition           requests   prompt tok≈  max compl tok',
    'gsm8k         (assistant)                4           400           8192',
    '              greedy                     4          1200           2048',
    '              items                      4',
    'mt_bench      (assistant)                3           300           6144',
    '              items                      3',
    'total                                   11          1900          16384',
    'Nothing was sent (--dry-run).',
  ].join('\n');
  assert.deepEqual(readPlanText(out), { kind: 'estimate', requests: 11, promptTokens: 1900, maxCompletionTokens: 16384, items: 7, source: 'runner dry run' });
  assert.equal(readPlanText('garbage').kind, 'unavailable');
});

test('the engine process does not get the judge key or GitHub tokens', () => {
  const env = engineEnv({ PATH: '/bin', HF_TOKEN: 'hf', USERTURN_JUDGE_API_KEY: 'j', USERTURN_API_KEY: 'k', GITHUB_TOKEN: 'g', GH_TOKEN: 'g', ACTIONS_RUNTIME_TOKEN: 'a', CUDA_VISIBLE_DEVICES: '0,1' });
  assert.deepEqual(env, { PATH: '/bin', HF_TOKEN: 'hf', CUDA_VISIBLE_DEVICES: '0,1' });
});
