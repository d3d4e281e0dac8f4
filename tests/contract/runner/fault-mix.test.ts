/**
 * `userturn run` against a host misbehaving on the wire in a seeded mix of ways (tests/helpers/wire-fault-proxy.ts:
 * rate limits with retry-after in seconds and as a date, proxy error pages, a 200 carrying an error, resets before,
 * after and between headers and body, stalls, streams without [DONE] or a finish reason, slow first bytes, another
 * model's answers, restarts of the port) and writing good answers in every valid way (CRLF, `data:` without a space,
 * keep-alive comments, one byte per write through multi-byte characters, a second [DONE], gzip). The promise
 * (docs/runner.md, Hardening): the same results as a clean run, no bad answer cached, no finished request asked
 * again, also across a kill -9; an engine's refusal recorded, not retried.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { GROUP_COMMIT } from '../../../runners/cache/group-commit.ts';
import { comparableResult } from '../../helpers/result-compare.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { startWireProxy, WIRE_DRESSINGS, WIRE_FAULTS, type WireProxyOptions } from '../../helpers/wire-fault-proxy.ts';

const RESULT = ['results', 'qwen3.5-9b'];
/**
 * A restart of RESTART_MS refuses the attempts of its requests for that long: with this backoff (waits of at least
 * 100, 200, 400, 800, 800 … ms) it takes at most 5 of a request's 11 attempts, the mix at most 2 more.
 */
const ENV = { USERTURN_BACKOFF_BASE_MS: '200', USERTURN_BACKOFF_MAX_MS: '1600' };
const RESTART_MS = 2000;
/** The mix: a third of the first two attempts of each request meet a fault; a third of good answers are dressed. */
const MIX = { faultRate: 0.35, dressRate: 0.35, multibyte: true, slowFirstByteMs: 1000, restartMs: RESTART_MS } satisfies Partial<WireProxyOptions>;

const runArgs = (url: string, work: string) => ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--out', join(work, ...RESULT.slice(0, 1)), '--cache', join(work, 'cache.sqlite'), '--datasets', 'gsm8k,mt_bench', '--limit', '4', '--first-byte-timeout-ms', '500', '--idle-timeout-ms', '500', '--retries', '10'];

/** The cache's answers without what differs between equal runs (latency, time of writing). */
function cacheRows(work: string): string[] {
  try {
    const db = new DatabaseSync(join(work, 'cache.sqlite'), { readOnly: true });
    try {
      return (db.prepare('SELECT * FROM responses ORDER BY key').all() as Array<Record<string, unknown>>).map(({ latency_ms: _l, created_at: _c, ...rest }) => JSON.stringify(rest));
    } finally {
      db.close();
    }
  } catch {
    return []; // killed before the cache file was made
  }
}
const keysOf = (rows: string[]) => new Set(rows.map((r) => (JSON.parse(r) as { key: string }).key));

let sim: SpawnedSim;
let clean: { result: string; rows: string[]; requests: number };

before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '5', '--data-dir', fixtureData]);
  const proxy = await startWireProxy({ target: sim.url, seed: 1, multibyte: true });
  try {
    const work = await mkdtemp(join(tmpdir(), 'ut-mix-clean-'));
    const r = await runCli(runArgs(proxy.url, work), { env: ENV });
    assert.equal(r.code, 0, r.stderr);
    clean = { result: await comparableResult(join(work, ...RESULT)), rows: cacheRows(work), requests: proxy.log.length };
    assert.match(clean.result, /😀/, 'the texts carry 4-byte characters');
    assert.equal(new Set(proxy.log).size, clean.requests);
  } finally {
    await proxy.close();
  }
});
after(() => sim.stop());

describe('a seeded mix of wire faults', { timeout: 90_000 }, () => {
  it('every fault, every valid way of writing an answer and a restart: the clean results and cache, every good answer taken the first time, and an offline rerun the same', async () => {
    const proxy = await startWireProxy({ target: sim.url, seed: 17, ...MIX, restartAfter: [40] });
    const work = await mkdtemp(join(tmpdir(), 'ut-mix-'));
    let closed = false;
    try {
      const r = await runCli(runArgs(proxy.url, work), { env: ENV });
      assert.equal(r.code, 0, r.stderr);
      for (const k of [...WIRE_FAULTS, ...WIRE_DRESSINGS]) assert.ok((proxy.injected[k] ?? 0) > 0, `${k} was injected: ${JSON.stringify(proxy.injected)}`);
      assert.equal(proxy.injected.restart, 1);
      assert.equal(await comparableResult(join(work, ...RESULT)), clean.result);
      assert.deepEqual(cacheRows(work), clean.rows, 'the cache holds the clean run\'s answers, nothing else');
      // A good answer, however it was written, is read the first time: never asked for again.
      const twice = [...proxy.answered].filter(([, n]) => n > 1);
      assert.deepEqual(twice, [], 'good answers asked for again');
      assert.equal(proxy.answered.size, clean.requests);
      // With the host gone, the cache alone gives the same result: nothing cut or foreign was kept.
      await proxy.close();
      closed = true;
      const offline = await runCli(runArgs(proxy.url, work), { env: ENV });
      assert.equal(offline.code, 0, offline.stderr);
      assert.match(offline.stderr, /no request will be sent/);
      assert.equal(await comparableResult(join(work, ...RESULT)), clean.result);
    } finally {
      if (!closed) await proxy.close();
    }
  });

  it('killed -9 in the middle of the faulted run and resumed: the clean results, and no answer the cache held asked for again', async () => {
    const proxy = await startWireProxy({ target: sim.url, seed: 29, ...MIX, restartAfter: [40] });
    const work = await mkdtemp(join(tmpdir(), 'ut-mix-kill-'));
    try {
      const seed = Number(process.env.USERTURN_KILL_SEED ?? Date.now() % 100_000);
      // Kill once a random share (30-70%) of the clean run's answers has gone out, a few ms later.
      const share = 0.3 + ((seed * 7919) % 1000) / 2500;
      let pid = 0;
      let ended = false;
      const run = runCli(runArgs(proxy.url, work), { env: ENV, onSpawn: (p) => (pid = p) }).finally(() => (ended = true));
      while (!ended && proxy.answered.size < clean.requests * share) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, seed % 30));
      process.kill(pid, 'SIGKILL');
      assert.equal((await run).signal, 'SIGKILL', `the run ended before the kill (seed ${seed})`);
      const durable = keysOf(cacheRows(work));
      const mark = proxy.log.length;
      // A run started while the only host restarts stops at once (no endpoint is ready): resume once it is back.
      await proxy.up();
      assert.ok(durable.size > 0 && durable.size < clean.requests, `killed with ${durable.size} of ${clean.requests} answers cached (seed ${seed})`);

      const resumed = await runCli(runArgs(proxy.url, work), { env: ENV });
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.equal(await comparableResult(join(work, ...RESULT)), clean.result, `results differ from the clean run (seed ${seed})`);
      assert.deepEqual(cacheRows(work), clean.rows);
      const askedAgain = proxy.log.slice(mark).filter((k) => durable.has(k));
      assert.deepEqual(askedAgain, [], `the resumed run asked for cached answers (seed ${seed})`);
      // Answers sent twice: only those read but not yet committed when the run died (one group commit's window).
      const twice = [...proxy.answered].filter(([, n]) => n > 1).map(([k]) => k);
      assert.ok(twice.every((k) => !durable.has(k)) && twice.length < GROUP_COMMIT.maxRows, `${twice.length} answers sent twice (seed ${seed})`);
      console.log(`kill at ${durable.size}/${clean.requests} cached (seed ${seed}); ${twice.length} answers sent again; faults ${JSON.stringify(proxy.injected)}`);
    } finally {
      await proxy.close();
    }
  });

  it('an engine that refuses some prompts as too long for its window (400): recorded with its words, never retried or cached, the rest as clean; a rerun asks only those again', async () => {
    const proxy = await startWireProxy({ target: sim.url, seed: 41, ...MIX, contextOverflow: 6 });
    const work = await mkdtemp(join(tmpdir(), 'ut-mix-400-'));
    try {
      const r = await runCli(runArgs(proxy.url, work), { env: ENV });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /request\(s\) failed after retries/);
      const refused = proxy.injected.context_overflow ?? 0;
      assert.ok(refused > 0);
      const log = [...proxy.log];
      const cached = keysOf(cacheRows(work));
      const refusedKeys = new Set(log.filter((k) => !cached.has(k)));
      assert.equal(refusedKeys.size, refused, 'each refused request was sent once, not retried');
      assert.ok(cacheRows(work).every((row) => clean.rows.includes(row)), 'every cached answer is the clean run\'s');

      const dir = join(work, ...RESULT, 'samples');
      const cleanLines = new Map(clean.result.split('\n').filter((l) => l.startsWith('{"format"')).map((l) => [(JSON.parse(l) as { id: string; dataset: string }).dataset + (JSON.parse(l) as { id: string }).id, l]));
      let failed = 0;
      for (const f of (await readdir(dir)).sort()) {
        for (const line of (await readFile(join(dir, f), 'utf8')).split('\n').filter(Boolean)) {
          const s = JSON.parse(line) as { id: string; dataset: string; error: { reason: string } | null };
          if (s.error === null) {
            // A reference sample carries its item's assistant finish and accuracy: none where that turn was refused.
            const mine = { ...s, timings: null } as Record<string, unknown>;
            const theirs = JSON.parse(cleanLines.get(s.dataset + s.id)!) as Record<string, unknown>;
            if (mine.assistant_finish_reason === null) for (const o of [mine, theirs]) (delete o.assistant_finish_reason, delete o.accuracy);
            assert.equal(JSON.stringify(mine), JSON.stringify(theirs), `${f}: ${s.id} differs from the clean run`);
            continue;
          }
          failed++;
          assert.match(s.error.reason, /^HTTP 400: .*maximum context length is 4096 tokens.* \(after 1 attempt\)$/, `${f}: ${s.id}`);
        }
      }
      assert.ok(failed >= refused);

      const mark = proxy.log.length;
      const again = await runCli(runArgs(proxy.url, work), { env: ENV });
      assert.equal(again.code, 1, again.stderr);
      assert.deepEqual(new Set(proxy.log.slice(mark)), refusedKeys, 'the rerun asks for the refused requests only');
      assert.equal(proxy.log.length - mark, refused);
    } finally {
      await proxy.close();
    }
  });
});
