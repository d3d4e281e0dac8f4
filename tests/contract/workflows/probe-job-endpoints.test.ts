/**
 * The probe job on endpoints it did not start (`--server none`): one host down of two is named and the job goes on;
 * nothing it prints carries a URL's user:password or a server's control characters. A review's job printed the
 * password of a base URL in its warning and in the run command it echoed, and a model id retitled the terminal.
 */
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runProbeJob } from '../../../runners/community/probe-job/orchestrate.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { fixtureData, qwenTemplate, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

describe('probe job, --server none', () => {
  let sim: SpawnedSim;
  before(async () => {
    sim = await spawnSim(['--data-dir', fixtureData]);
  });
  after(() => sim.child.kill());

  it('a host down of two: named without its password, the job runs on the other and validates', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'ut-job-none-')), 'results');
    const logs: string[] = [];
    const r = await runProbeJob({
      submission: join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'),
      server: 'none',
      baseUrls: ['http://bob:Hunter2-secret@127.0.0.1:9/v1', `${sim.url}/v1`],
      readyTimeoutMs: 1500,
      out,
      runArgs: ['--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache'],
      childOutput: 'on-failure',
      log: (l) => logs.push(l),
    });
    const text = logs.join('\n');
    assert.equal(r.exitCode, 0, text);
    assert.doesNotMatch(text, /Hunter2|bob:/);
    assert.match(text, /^warning: going on without it \(the run takes it in once it is ready\): http:\/\/127\.0\.0\.1:9\/v1 was not ready within 2 s \(.*Connection error\. \(ECONNREFUSED\)\)$/m);
    assert.match(text, new RegExp(`^ready: ${sim.url.replace(/[.]/g, '\\.')}/v1 serves userturn-sim/restater$`, 'm'));
    assert.match(text, /^\$ userturn run .*--base-url http:\/\/\[redacted\]@127\.0\.0\.1:9\/v1 /m);
  });

  it("a model id with control characters reaches the job's lines escaped", async () => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: [{ id: 'm\u001b]0;PWNED\u0007\u001b[31m' }] })));
    await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
    const logs: string[] = [];
    try {
      await runProbeJob({
        submission: join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'),
        server: 'none',
        baseUrls: [`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`],
        readyTimeoutMs: 1500,
        out: join(await mkdtemp(join(tmpdir(), 'ut-job-ctrl-')), 'results'),
        runArgs: ['--dry-run', '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate],
        childOutput: 'on-failure',
        log: (l) => logs.push(l),
      });
    } finally {
      server.close();
    }
    const ready = logs.find((l) => l.startsWith('ready: ')) ?? '';
    assert.match(ready, /serves m\\u001b\]0;PWNED\\u0007\\u001b\[31m$/);
    assert.doesNotMatch(logs.join('\n'), /\u001b|\u0007/);
  });

  it('a server echoing the Authorization header (Basic auth from the URL) does not get the credentials printed', async () => {
    const echo = createServer((req, res) => res.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `auth=${req.headers.authorization}\nrunning fake line` } })));
    await new Promise<void>((res) => echo.listen(0, '127.0.0.1', res));
    const logs: string[] = [];
    let stopped: Error | null = null;
    try {
      await runProbeJob({
        submission: join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml'),
        server: 'none',
        baseUrls: [`http://erin:Zx9Secret77@127.0.0.1:${(echo.address() as AddressInfo).port}/v1`],
        readyTimeoutMs: 1000,
        out: join(await mkdtemp(join(tmpdir(), 'ut-job-echo-')), 'results'),
        runArgs: ['--dry-run'],
        childOutput: 'on-failure',
        log: (l) => logs.push(l),
      }).catch((e: Error) => (stopped = e));
    } finally {
      echo.close();
    }
    // None ready: the job stops with the reason, which quotes the server on one line, its credentials removed.
    const text = `${logs.join('\n')}\n${(stopped as Error | null)?.message}`;
    assert.doesNotMatch(text, new RegExp(`Zx9Secret77|erin|${Buffer.from('erin:Zx9Secret77').toString('base64')}`));
    assert.match(text, /was not ready within 1 s \(.*\/v1\/models: 503 auth=Basic \[redacted\]\\nrunning fake line\)/);
  });
});
