import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../../helpers/cli.ts';

/**
 * The engine runs detached (its own process group), so neither Ctrl-C in a maintainer's terminal nor a
 * cancelled workflow step reaches it. probe-job must stop the engine's whole process group when it is itself
 * interrupted, and also when the engine's leader has already died but left workers behind (vLLM's workers hold
 * the GPU).
 */

/** A stand-in `vllm`: starts a worker in its own process group, records both pids, never answers /v1/models. */
const STUB = (mode: 'hang' | 'die') => `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
fs.writeFileSync(process.env.STUB_LOG, JSON.stringify({ pid: process.pid, worker: worker.pid }));
${mode === 'die' ? "setTimeout(() => process.exit(3), 300);" : 'setInterval(() => {}, 1000);'}
`;

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function start(mode: 'hang' | 'die') {
  const tmp = mkdtempSync(join(tmpdir(), 'userturn-probe-sig-'));
  const bin = join(tmp, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'vllm'), STUB(mode));
  chmodSync(join(bin, 'vllm'), 0o755);
  const log = join(tmp, 'stub.json');
  const job = spawn(process.execPath, [join(REPO_ROOT, 'runners/community/probe-job.ts'), join(REPO_ROOT, 'submissions/qwen/qwen3.5-0.8b.yaml'), '--server', 'engine', '--port', '1', '--out', join(tmp, 'out'), '--server-log', join(tmp, 'serve.log'), '--ready-timeout-s', '60'], {
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, STUB_LOG: log },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  job.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((r) => job.once('exit', (code) => r(code)));
  for (let i = 0; i < 100 && !existsSync(log); i++) await sleep(50);
  await sleep(100);
  const pids = JSON.parse(readFileSync(log, 'utf8')) as { pid: number; worker: number };
  return { job, exited, pids, stderr: () => stderr };
}

async function cleanup(pids: { pid: number; worker: number }) {
  for (const p of [pids.pid, pids.worker]) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`probe-job interrupted by ${signal} while waiting for the engine stops the engine's process group`, { timeout: 60_000 }, async () => {
    const { job, exited, pids, stderr } = await start('hang');
    try {
      assert.ok(alive(pids.pid) && alive(pids.worker));
      job.kill(signal);
      const code = await Promise.race([exited, sleep(15_000).then(() => 'timeout' as const)]);
      assert.notEqual(code, 'timeout', `probe-job did not exit after ${signal}\n${stderr()}`);
      assert.notEqual(code, 0);
      for (let i = 0; i < 50 && (alive(pids.pid) || alive(pids.worker)); i++) await sleep(100);
      assert.equal(alive(pids.pid), false, 'engine stopped');
      assert.equal(alive(pids.worker), false, 'engine worker stopped');
    } finally {
      job.kill('SIGKILL');
      await cleanup(pids);
    }
  });
}

test('probe-job stops the workers of an engine whose leader died during startup', { timeout: 60_000 }, async () => {
  const { job, exited, pids, stderr } = await start('die');
  try {
    const code = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)]);
    assert.equal(code, 1, stderr());
    assert.match(stderr(), /exited before/);
    for (let i = 0; i < 50 && alive(pids.worker); i++) await sleep(100);
    assert.equal(alive(pids.worker), false, 'the orphaned worker was stopped with its process group');
  } finally {
    job.kill('SIGKILL');
    await cleanup(pids);
  }
});
