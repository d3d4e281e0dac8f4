/**
 * The resume promise under what resume-faults.test.ts does not inject: faults inside streamed answers (a stall
 * mid-stream, a stream without [DONE], vLLM's generation error after half the chunks), resets and 429s together,
 * unfinished assistant turns, kill -9 at random moments, and the simulator itself killed and started again on its
 * port while the runner waits. The results and the cache equal a fault-free run's, no answer the cache held is asked
 * for again, and what is sent again per kill stays within one group commit (a review's mix, 2026-11-27).
 */
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { GROUP_COMMIT } from '../../../runners/cache/group-commit.ts';
import { comparableResult } from '../../helpers/result-compare.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const MODEL = ['--profile', 'paper-qwen3.5-9b', '--seed', '16', '--data-dir', fixtureData, '--unfinished-rate', '0.2'];
// A stall_mid of a one-chunk answer stalls before the first chunk: --first-byte-timeout-ms notices it (default 120 s).
// Seed 16 draws each of these faults within its first 15 requests (a restarted simulator draws them again from the start).
const FAULTS = ['--faults', 'stall_mid=0.05,no_done=0.05,gen_error=0.05,reset=0.05,429=0.05', '--retry-after-ms', '30', '--latency-ms', '20'];
const ENV = { USERTURN_BACKOFF_BASE_MS: '20', USERTURN_BACKOFF_MAX_MS: '200', USERTURN_RECHECK_BASE_MS: '100', USERTURN_RECHECK_MAX_MS: '200' };
const RESULT = ['results', 'qwen3.5-9b'];
const args = (url: string, work: string) => ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k,mt_bench', '--limit', '6', '--concurrency', '4', '--first-byte-timeout-ms', '1000', '--idle-timeout-ms', '500', '--retries', '10', '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite')];

/** The cache's answers without what differs between equal runs (latency, time of writing), by key. */
function cacheRows(work: string): Map<string, string> {
  const rows = new Map<string, string>();
  try {
    const db = new DatabaseSync(join(work, 'cache.sqlite'), { readOnly: true });
    try {
      for (const { latency_ms: _l, created_at: _c, ...row } of db.prepare('SELECT * FROM responses ORDER BY key').all() as Array<Record<string, unknown>>) rows.set(row.key as string, JSON.stringify(row));
    } finally {
      db.close();
    }
  } catch {
    // killed before the cache file was made
  }
  return rows;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('stream faults, unfinished answers, kill -9 and a simulator restart', { timeout: 120_000 }, () => {
  it('resumed to the fault-free results and cache; no cached answer asked again; at most one group commit sent again per kill', async () => {
    const seed = Number(process.env.USERTURN_KILL_SEED ?? Date.now() % 100_000);
    let rand = seed;
    const next = () => (rand = (rand * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

    const cleanSim = await spawnSim(MODEL);
    const clean = await mkdtemp(join(tmpdir(), 'ut-stream-clean-'));
    let requests: number;
    try {
      const r = await runCli(args(cleanSim.url, clean), { env: ENV });
      assert.equal(r.code, 0, r.stderr);
      requests = Object.keys((await cleanSim.stats()).completed).length;
    } finally {
      await cleanSim.stop();
    }
    assert.match(await comparableResult(join(clean, ...RESULT)), /"unfinished":\{"reason"/, 'some assistant turns are unfinished');

    let sim: SpawnedSim = await spawnSim([...MODEL, ...FAULTS]);
    const port = Number(new URL(sim.url).port);
    const work = await mkdtemp(join(tmpdir(), 'ut-stream-'));
    /** Completed answers per key, summed over the simulator's lives. */
    const sent = new Map<string, number>();
    const injected: Record<string, number> = {};
    const addSent = (st: Awaited<ReturnType<SpawnedSim['stats']>>) => {
      for (const [k, n] of Object.entries(st.completed)) sent.set(k, (sent.get(k) ?? 0) + n);
      for (const [k, n] of Object.entries(st.routes['/v1/completions'] ?? {})) injected[k] = (injected[k] ?? 0) + n;
    };
    const durable: Array<{ keys: Set<string>; sentThen: Map<string, number> }> = [];
    try {
      for (let kill = 0; kill < 3; kill++) {
        const base = await sim.completedCount();
        const target = 4 + Math.floor(next() * (requests / 8));
        let pid = 0;
        let ended = false;
        const run = runCli(args(sim.url, work), { env: ENV, onSpawn: (p) => (pid = p) }).finally(() => (ended = true));
        while (!ended && (await sim.completedCount()) - base < target) await sleep(10);
        await sleep(Math.floor(next() * 30));
        process.kill(pid, 'SIGKILL');
        assert.equal((await run).signal, 'SIGKILL', `the run ended before kill ${kill + 1} (seed ${seed})`);
        await sleep(200); // the simulator takes back answers the killed runner never read
        // The simulator's count of answers completed per key, as it stands now (it dies with the simulator below).
        const now = new Map(sent);
        for (const [k, n] of Object.entries((await sim.stats()).completed)) now.set(k, (now.get(k) ?? 0) + n);
        durable.push({ keys: new Set(cacheRows(work).keys()), sentThen: now });
      }
      // The simulator killed -9 mid-run and started again on its port 300 ms later: the runner waits, then goes on.
      let ended = false;
      const run = runCli(args(sim.url, work), { env: ENV }).finally(() => (ended = true));
      const base = await sim.completedCount();
      while (!ended && (await sim.completedCount()) - base < 5) await sleep(10);
      assert.ok(!ended, `the run ended before the simulator was killed (seed ${seed})`);
      // Answers completed between this count and the kill are not counted: the re-sent figure may miss a few.
      addSent(await sim.stats());
      sim.child.kill('SIGKILL');
      await sleep(300);
      sim = await spawnSim([...MODEL, ...FAULTS], port);
      const r = await run;
      assert.equal(r.code, 0, r.stderr);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
      assert.match(r.stderr, /is down \(connection error[^\n]*\n(.*\n)*.*is back after/, 'the runner waited for the simulator');
      addSent(await sim.stats());
      for (const kind of ['stall_mid', 'no_done', 'gen_error', 'reset', '429']) assert.ok((injected[kind] ?? 0) > 0, `${kind} was injected: ${JSON.stringify(injected)}`);

      assert.equal(await comparableResult(join(work, ...RESULT)), await comparableResult(join(clean, ...RESULT)), `results differ from the fault-free run (seed ${seed})`);
      assert.deepEqual(cacheRows(work), cacheRows(clean), `the cache differs from the fault-free run's (seed ${seed})`);
      for (const d of durable) for (const k of d.keys) assert.equal(sent.get(k), d.sentThen.get(k), `a cached answer was asked for again (seed ${seed})`);
      const again = [...sent.values()].reduce((n, c) => n + c - 1, 0);
      assert.ok(again <= durable.length * (GROUP_COMMIT.maxRows - 1), `${again} answers sent again after ${durable.length} kills (seed ${seed})`);
      console.log(`seed ${seed}: ${requests} requests; cached at each kill ${durable.map((d) => d.keys.size).join(', ')}; ${again} finished answers sent again`);
    } finally {
      await sim.stop();
    }
  });
});
