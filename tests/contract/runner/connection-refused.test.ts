/**
 * A run (and doctor) whose every endpoint refuses the connection at the start says what to check: a server running on
 * that host and port, and a base URL ending in /v1. Over real sockets: a port just closed, and a server answering 503.
 */
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli } from '../../helpers/processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';

/** A port nothing listens on: bound by the OS, then closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((res) => s.listen(0, '127.0.0.1', res));
  const { port } = s.address() as { port: number };
  await new Promise<void>((res) => s.close(() => res()));
  return port;
}

async function run(baseUrls: string[]) {
  const work = await mkdtemp(join(tmpdir(), 'ut-refused-'));
  try {
    return await runCli(['run', SUBMISSION, ...baseUrls.flatMap((u) => ['--base-url', u]), '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', join(work, 'out'), '--no-cache']);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

describe('every endpoint refuses the connection', () => {
  it('run: exit 1, the reasons, then what to check (host and port, the server started); no stack trace', async () => {
    const p = await closedPort();
    const r = await run([`http://127.0.0.1:${p}/v1`]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`http://127\\.0\\.0\\.1:${p}/v1/models: Connection error\\. \\(ECONNREFUSED\\); nothing accepts connections at 127\\.0\\.0\\.1:${p}: check that the server is running on that host and port`));
    assert.match(r.stderr, /--base-url is http:\/\/HOST:PORT\/v1/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });

  it('run: a base URL without /v1 is named with the /v1 it likely meant', async () => {
    const [a, b] = [await closedPort(), await closedPort()];
    const r = await run([`http://127.0.0.1:${a}/v1`, `http://127.0.0.1:${b}`]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`nothing accepts connections at 127\\.0\\.0\\.1:${a}, 127\\.0\\.0\\.1:${b}: .*did you mean http://127\\.0\\.0\\.1:${b}/v1\\?`));
  });

  it('run: no such hint when one endpoint is up but not ready (503): it is not a wrong host or port', async () => {
    const busy = createHttpServer((_req, res) => res.writeHead(503).end('{"error":"loading"}'));
    await new Promise<void>((res) => busy.listen(0, '127.0.0.1', res));
    try {
      const r = await run([`http://127.0.0.1:${await closedPort()}/v1`, `http://127.0.0.1:${(busy.address() as { port: number }).port}/v1`]);
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, /ECONNREFUSED/);
      assert.doesNotMatch(r.stderr, /nothing accepts connections/);
    } finally {
      busy.closeAllConnections();
      await new Promise<void>((res) => busy.close(() => res()));
    }
  });

  it('doctor: the model check fails with the same words', async () => {
    const p = await closedPort();
    const r = await runCli(['doctor', SUBMISSION, '--base-url', `http://127.0.0.1:${p}/v1`, '--template', qwenTemplate, '--data-dir', fixtureData, '--json']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const model = (JSON.parse(r.stdout) as { checks: Array<{ id: string; status: string; detail: string }> }).checks.find((c) => c.id === 'model')!;
    assert.equal(model.status, 'fail');
    assert.match(model.detail, new RegExp(`/v1/models: connect ECONNREFUSED 127\\.0\\.0\\.1:${p}; nothing accepts connections at 127\\.0\\.0\\.1:${p}: check that the server is running on that host and port`));
  });
});
