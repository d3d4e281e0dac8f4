import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { runProbeJob } from '../../../runners/community/probe-job/orchestrate.ts';
import { buildServeCommand } from '../../../runners/engines/serve-command.ts';
import { Submission } from '../../../src/schema/index.ts';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { seedHubTemplate } from '../../helpers/hub-cache.ts';

/**
 * The probe job's engine path (`--server engine`, what the GPU runners use), with a stand-in `vllm` on PATH:
 * it records the argv it was started with, serves /v1/models with --served-model-name, and forwards every
 * other request to the userturn simulator, which it starts as its own child. Checks that the job starts the
 * exact serve-cmd argv without a shell, waits for /v1/models, runs and validates, then stops the whole
 * process group (the simulator child included).
 */

const DATA = process.env.USERTURN_DATA_DIR ?? resolve(REPO_ROOT, '..', 'shared', 'datasets');
const haveData = existsSync(join(DATA, 'gsm8k'));

const STUB = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const http = require('node:http');
const fs = require('node:fs');
const argv = process.argv.slice(2);
const flag = (n) => argv[argv.indexOf(n) + 1];
const sim = spawn(process.env.STUB_NODE, [process.env.STUB_CLI, 'sim', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
fs.writeFileSync(process.env.STUB_LOG, JSON.stringify({ argv, pid: process.pid, simPid: sim.pid }));
let buf = '';
sim.stdout.on('data', (d) => {
  buf += d;
  const m = /listening on http:\\/\\/127\\.0\\.0\\.1:(\\d+)/.exec(buf);
  if (!m || http.__started) return;
  http.__started = true;
  const simPort = Number(m[1]);
  http.createServer((req, res) => {
    if (req.url === '/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'list', data: [{ id: flag('--served-model-name'), object: 'model' }] }));
    }
    // The simulator serves its own name only (and refuses others, as vLLM does): the request carries the name it
    // serves, the answer the served model name back.
    const served = flag('--served-model-name');
    const own = 'userturn-sim/restater';
    const body = [];
    req.on('data', (c) => body.push(c));
    req.on('end', () => {
      const sent = Buffer.concat(body).toString().split(JSON.stringify(served)).join(JSON.stringify(own));
      const headers = { ...req.headers, 'content-length': Buffer.byteLength(sent) };
      const up = http.request({ host: '127.0.0.1', port: simPort, path: req.url, method: req.method, headers }, (r) => {
        const back = [];
        r.on('data', (c) => back.push(c));
        r.on('end', () => {
          const text = Buffer.concat(back).toString().split(JSON.stringify(own)).join(JSON.stringify(served));
          const { 'content-length': _length, 'transfer-encoding': _te, ...rest } = r.headers;
          res.writeHead(r.statusCode, { ...rest, 'content-length': Buffer.byteLength(text) });
          res.end(text);
        });
      });
      up.end(sent);
    });
  }).listen(Number(flag('--port')), flag('--host'));
});
`;

test('probe job, engine path: exact serve-cmd argv, /v1/models wait, run + validate, whole process group stopped', { skip: haveData ? false : `datasets not found at ${DATA}`, timeout: 120_000 }, async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'userturn-engine-path-'));
  const bin = join(tmp, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'vllm'), STUB);
  chmodSync(join(bin, 'vllm'), 0o755);
  const cache = join(tmp, 'cache');
  seedHubTemplate(join(tmp, 'hub'), 'Qwen/Qwen3.5-0.8B', 'main');
  Object.assign(process.env, {
    PATH: `${bin}:${process.env.PATH}`,
    STUB_NODE: process.execPath,
    STUB_CLI: join(REPO_ROOT, 'runners/cli/main.ts'),
    STUB_LOG: join(tmp, 'stub.json'),
    USERTURN_CACHE_DIR: cache,
    USERTURN_DATA_DIR: DATA,
    HF_HUB_CACHE: join(tmp, 'hub'),
    HF_HUB_OFFLINE: '1',
  });
  const port = await new Promise<number>((res) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as AddressInfo).port;
      probe.close(() => res(p));
    });
  });
  const file = join(REPO_ROOT, 'submissions/qwen/qwen3.5-0.8b.yaml');
  const logs: string[] = [];
  const r = await runProbeJob({
    submission: file,
    server: 'engine',
    port,
    out: join(tmp, 'out'),
    shard: '1/1',
    readyTimeoutMs: 30_000,
    runArgs: ['--limit', '2', '--datasets', 'gsm8k', '--concurrency', '4'],
    childOutput: 'on-failure',
    serverLog: join(tmp, 'serve.log'),
    log: (l) => logs.push(l),
  });
  assert.equal(r.exitCode, 0, `${logs.join('\n')}\n${readFileSync(join(tmp, 'serve.log'), 'utf8')}`);
  assert.deepEqual(r.baseUrls, [`http://127.0.0.1:${port}/v1`]);

  const stub = JSON.parse(readFileSync(join(tmp, 'stub.json'), 'utf8')) as { argv: string[]; pid: number; simPid: number };
  const expected = buildServeCommand(Submission.parse(parse(readFileSync(file, 'utf8'))), { port }).argv;
  assert.deepEqual(['vllm', ...stub.argv], expected, 'the engine got exactly the serve-cmd argv');
  assert.ok(logs.some((l) => l.startsWith(`ready: http://127.0.0.1:${port}/v1 serves qwen3.5-0.8b`)), logs.join('\n'));
  assert.ok(existsSync(join(tmp, 'out', 'qwen3.5-0.8b', 'summary.json')));
  /** Running (a zombie waiting for a reaper does not count: it has exited). */
  const alive = (pid: number) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  for (let i = 0; i < 50 && (alive(stub.pid) || alive(stub.simPid)); i++) await new Promise((res) => setTimeout(res, 100));
  assert.equal(alive(stub.pid), false, 'engine process stopped');
  assert.equal(alive(stub.simPid), false, 'the engine’s children stopped too (process group)');
});
