import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { before, describe, it } from 'node:test';
import { GROUP_COMMIT } from '../../../runners/cache/group-commit.ts';
import { comparable, fixtureData, qwenTemplate, runCli, spawnSim } from '../../helpers/processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const PROFILE = ['--profile', 'meta-planner', '--seed', '21', '--data-dir', fixtureData];
const FAST_RETRY = { USERTURN_BACKOFF_BASE_MS: '20', USERTURN_BACKOFF_MAX_MS: '200' };

function runArgs(url: string, work: string, extra: string[] = []): string[] {
  return ['run', SUBMISSION, '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite'), ...extra];
}

const readSummary = async (work: string) => JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8')) as Record<string, any>;

function cachedKeys(work: string): Set<string> {
  try {
    const db = new DatabaseSync(join(work, 'cache.sqlite'), { readOnly: true });
    try {
      return new Set((db.prepare('SELECT key FROM responses').all() as Array<{ key: string }>).map((r) => r.key));
    } finally {
      db.close();
    }
  } catch {
    return new Set(); // killed before the cache file was created
  }
}

let reference: string;
let referenceRequests: number;

before(async () => {
  // The uninterrupted, fault-free run every other run must reproduce.
  const sim = await spawnSim(PROFILE);
  try {
    const work = await mkdtemp(join(tmpdir(), 'ut-ref-'));
    const r = await runCli(runArgs(sim.url, work, ['--concurrency', '8']));
    assert.equal(r.code, 0, r.stderr);
    reference = comparable(await readSummary(work));
    referenceRequests = Object.keys((await sim.stats()).completed).length;
  } finally {
    await sim.stop();
  }
});

describe('kill -9 at random moments, then resume', () => {
  it('after ≥5 crashes the resumed run reproduces the uninterrupted summary and no cached request is sent again', async () => {
    const sim = await spawnSim([...PROFILE, '--latency-ms', '30']);
    const work = await mkdtemp(join(tmpdir(), 'ut-kill-'));
    try {
      const seed = Number(process.env.USERTURN_KILL_SEED ?? Date.now() % 100_000);
      let rand = seed;
      const next = () => ((rand = (rand * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const kills: Array<{ cachedAtKill: number; lost: number }> = [];
      /** After each kill: the keys durable in the runner's cache and the simulator's completion counts. */
      const checkpoints: Array<{ durable: Set<string>; completed: Record<string, number> }> = [];
      // Distinct keys (what the plan needs) from the full stats; the cheap total for polling during a run.
      const completedCount = async () => Object.keys((await sim.stats()).completed).length;
      while (kills.length < 5) {
        const done = await completedCount();
        const remaining = referenceRequests - done;
        assert.ok(remaining > 10, `too little left to interrupt (seed ${seed})`);
        // Kill after a random number of further completions: a random moment inside the request phase.
        const target = done + 1 + Math.floor(next() * Math.min(remaining - 5, referenceRequests / 6));
        let runnerPid = 0;
        const run = runCli(runArgs(sim.url, work, ['--concurrency', '4']), { onSpawn: (pid) => (runnerPid = pid) });
        const base = await sim.completedCount();
        while ((await sim.completedCount()) - base < target - done) await new Promise((r) => setTimeout(r, 10));
        // …plus a random delay, so the kill is not tied to the moment a response was sent.
        await new Promise((r) => setTimeout(r, Math.floor(next() * 40)));
        process.kill(runnerPid, 'SIGKILL');
        const r = await run;
        assert.equal(r.signal, 'SIGKILL', `the run finished before the kill (seed ${seed})`);
        await new Promise((r2) => setTimeout(r2, 200)); // let the simulator see the resets of answers never read
        const durable = cachedKeys(work);
        checkpoints.push({ durable, completed: (await sim.stats()).completed });
        const completed = checkpoints.at(-1)!.completed;
        // Answers the simulator finished but the runner never stored (sent while it was being killed).
        const lost = Object.keys(completed).filter((k) => !durable.has(k)).length;
        kills.push({ cachedAtKill: durable.size, lost });
      }
      const final = await runCli(runArgs(sim.url, work, ['--concurrency', '4']));
      assert.equal(final.code, 0, final.stderr);
      assert.equal(comparable(await readSummary(work)), reference, `summary differs from the uninterrupted run (seed ${seed})`);
      const stats = await sim.stats();
      assert.equal(Object.keys(stats.completed).length, referenceRequests);
      // No request already stored by the runner was ever sent again.
      for (const cp of checkpoints) for (const k of cp.durable) assert.equal(stats.completed[k], cp.completed[k], `re-sent a cached request (seed ${seed})`);
      // The simulator takes back answers a killed runner never read (their connection is reset with the answer
      // unread). What remains is the uncommitted window: answers the runner had read but whose group commit had
      // not landed when it died (at most GROUP_COMMIT.maxRows - 1 rows, or windowMs of answers, per kill).
      const twice = Object.entries(stats.completed).filter(([, n]) => n > 1).length;
      const bound = kills.length * GROUP_COMMIT.maxRows;
      assert.ok(twice <= bound, `${twice} finished answers were sent again, more than ${bound} (seed ${seed})`);
      console.log(`kill points (seed ${seed}): ${kills.map((k) => `${k.cachedAtKill}/${referenceRequests} (uncommitted ${k.lost})`).join(', ')}`);
      console.log(`finished answers sent again after ${kills.length} kills: ${twice} of ${referenceRequests} (bound ${bound}: ${GROUP_COMMIT.maxRows} rows or ${GROUP_COMMIT.windowMs} ms per kill)`);
    } finally {
      await sim.stop();
    }
  });
});

describe('faults injected by the simulator', () => {
  it('10% 500, 5% 429 + retry-after, 2% resets, 2% hangs, 1% malformed, 1% truncated: same results as fault-free', async () => {
    const sim = await spawnSim([...PROFILE, '--faults', '500=0.1,429=0.05,reset=0.02,hang=0.02,malformed=0.01,truncated=0.01', '--retry-after-ms', '50']);
    try {
      const work = await mkdtemp(join(tmpdir(), 'ut-faults-'));
      const r = await runCli(runArgs(sim.url, work, ['--concurrency', '16', '--timeout-ms', '1500', '--retries', '10']), { env: FAST_RETRY });
      assert.equal(r.code, 0, r.stderr);
      assert.equal(comparable(await readSummary(work)), reference);
      const routes = (await sim.stats()).routes['/v1/completions']!;
      for (const kind of ['500', '429', 'reset', 'hang']) assert.ok((routes[kind] ?? 0) > 0, `${kind} was injected: ${JSON.stringify(routes)}`);
      assert.match(r.stdout, /\d+ retries/);
    } finally {
      await sim.stop();
    }
  });

  it('requests that exhaust their retries are recorded with their reason, counted, and the run exits 1', async () => {
    const sim = await spawnSim([...PROFILE, '--faults', '500=0.6']);
    try {
      const work = await mkdtemp(join(tmpdir(), 'ut-exhaust-'));
      const r = await runCli(runArgs(sim.url, work, ['--retries', '1', '--datasets', 'gsm8k,mt_bench']), { env: FAST_RETRY });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /request\(s\) failed after retries/);
      const s = await readSummary(work);
      const errors = s.datasets.flatMap((d: any) => d.conditions).reduce((n: number, c: any) => n + c.n_request_errors, 0);
      assert.ok(errors > 0);
      assert.ok(s.run.request_errors > 0);
      const samples = (await readFile(join(work, 'results', 'qwen3.5-9b', 'samples', 'gsm8k.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
      const failed = samples.filter((x) => x.error !== null);
      assert.ok(failed.length > 0);
      assert.ok(failed.every((x) => /HTTP 500/.test(x.error.reason) && x.verdicts.length === 0));
      const v = await runCli(['validate', join(work, 'results')]);
      assert.equal(v.code, 0, v.stderr);
    } finally {
      await sim.stop();
    }
  });
});
