/**
 * `userturn run` while the engine behind an endpoint restarts (its port closed for longer than a request's retries
 * last): the endpoint is held, requests wait for it or go to another endpoint without spending their attempts, and it
 * takes requests again once a look-up finds it ready; every endpoint down past --outage-limit-s stops the run, and a
 * rerun resumes (docs/runner.md, Hardening). Backoffs, look-ups and the limit are shortened so each case takes seconds.
 */
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { comparableResult } from '../../helpers/result-compare.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { startWireProxy, type WireProxy } from '../../helpers/wire-fault-proxy.ts';

const RESULT = ['results', 'qwen3.5-9b'];
/** Two retries 20-40 ms apart: a request gives up within some 100 ms of refused connections (the default: 16-31 s). */
const ENV = { USERTURN_BACKOFF_BASE_MS: '20', USERTURN_BACKOFF_MAX_MS: '40', USERTURN_RECHECK_BASE_MS: '100', USERTURN_RECHECK_MAX_MS: '400' };
/** Far longer than the retries above, and than a look-up's own three tries. */
const DOWN_MS = 3000;

const runArgs = (urls: string[], work: string, ...extra: string[]) => [
  'run', 'submissions/qwen/qwen3.5-9b.yaml', ...urls.flatMap((u) => ['--base-url', `${u}/v1`]), '--data-dir', fixtureData, '--template', qwenTemplate,
  '--out', join(work, RESULT[0]!), '--cache', join(work, 'cache.sqlite'), '--datasets', 'gsm8k,mt_bench', '--limit', '4', '--retries', '2', '--concurrency', '8', ...extra,
];

function cacheRows(work: string): string[] {
  const db = new DatabaseSync(join(work, 'cache.sqlite'), { readOnly: true });
  try {
    return (db.prepare('SELECT * FROM responses ORDER BY key').all() as Array<Record<string, unknown>>).map(({ latency_ms: _l, created_at: _c, ...rest }) => JSON.stringify(rest));
  } finally {
    db.close();
  }
}
const keysOf = (rows: string[]) => new Set(rows.map((r) => (JSON.parse(r) as { key: string }).key));
/** Keys a proxy delivered a whole answer for more than once. */
const twice = (...proxies: WireProxy[]) => {
  const n = new Map<string, number>();
  for (const p of proxies) for (const [k, c] of p.answered) n.set(k, (n.get(k) ?? 0) + c);
  return [...n].filter(([, c]) => c > 1);
};

let sim: SpawnedSim;
let clean: { result: string; rows: string[]; requests: number };

before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '5', '--data-dir', fixtureData]);
  const proxy = await startWireProxy({ target: sim.url, seed: 1 });
  try {
    const work = await mkdtemp(join(tmpdir(), 'ut-outage-clean-'));
    const r = await runCli(runArgs([proxy.url], work), { env: ENV });
    assert.equal(r.code, 0, r.stderr);
    clean = { result: await comparableResult(join(work, ...RESULT)), rows: cacheRows(work), requests: proxy.answered.size };
  } finally {
    await proxy.close();
  }
});
after(() => sim.stop());

describe('an endpoint whose engine restarts mid-run', { timeout: 90_000 }, () => {
  it('the only endpoint down for longer than the retries last: held, its requests wait and spend no attempt; the run ends as a clean one', async () => {
    const proxy = await startWireProxy({ target: sim.url, seed: 2, restartAfter: [12], restartMs: DOWN_MS });
    const work = await mkdtemp(join(tmpdir(), 'ut-outage-'));
    try {
      const r = await runCli(runArgs([proxy.url], work), { env: ENV });
      // Before: every request sent during the restart failed after its three attempts, and the run exited 1.
      assert.equal(r.code, 0, r.stderr);
      assert.equal(proxy.injected.restart, 1);
      assert.match(r.stderr, new RegExp(`${proxy.url}/v1 is down \\(connection error: [A-Z]+\\): held until a look-up finds it ready; no endpoint serves meanwhile: requests wait, the run stops if none is back within 600 s`));
      assert.match(r.stderr, new RegExp(`${proxy.url}/v1 is back after [1-9]\\d* s down \\(serving "[^"]+"\\): it takes requests again`));
      assert.equal(await comparableResult(join(work, ...RESULT)), clean.result);
      assert.deepEqual(cacheRows(work), clean.rows);
      assert.deepEqual(twice(proxy), [], 'answers asked for again');
    } finally {
      await proxy.close();
    }
  });

  it('every endpoint down past --outage-limit-s: the run stops with one line naming them and how long, exit 1; a rerun once they are back completes', async () => {
    const proxy = await startWireProxy({ target: sim.url, seed: 3, restartAfter: [12], restartMs: 4000 });
    const work = await mkdtemp(join(tmpdir(), 'ut-outage-limit-'));
    try {
      const t0 = performance.now();
      const r = await runCli(runArgs([proxy.url], work, '--outage-limit-s', '1'), { env: ENV });
      assert.equal(r.code, 1, r.stderr);
      assert.ok(performance.now() - t0 < 4000 + 3000, 'stopped before the endpoint came back');
      const stop = r.stderr.split('\n').filter((l) => l.startsWith('stopped:'));
      assert.equal(stop.length, 1, r.stderr);
      assert.match(stop[0]!, new RegExp(`^stopped: no endpoint could be reached for 1 s \\(--outage-limit-s 1\\): ${proxy.url}/v1 for [1-9]\\d* s \\(.+\\)\\. No result was written; finished requests are cached, so a rerun resumes\\.$`));
      assert.doesNotMatch(r.stderr, /at [\w.]+ \(/, 'no stack trace');
      const durable = keysOf(cacheRows(work));
      assert.ok(durable.size >= 12 && durable.size < clean.requests, `${durable.size} answers kept`);

      await proxy.up();
      const mark = proxy.log.length;
      const again = await runCli(runArgs([proxy.url], work, '--outage-limit-s', '1'), { env: ENV });
      assert.equal(again.code, 0, again.stderr);
      assert.equal(await comparableResult(join(work, ...RESULT)), clean.result);
      assert.deepEqual(proxy.log.slice(mark).filter((k) => durable.has(k)), [], 'the rerun asked for cached answers');
      assert.deepEqual(twice(proxy), []);
    } finally {
      await proxy.close();
    }
  });

  it('two endpoints, one down for the rest of the run: the other serves every request meanwhile, the outage limit does not apply', async () => {
    const down = await startWireProxy({ target: sim.url, seed: 4, restartAfter: [6], restartMs: 120_000 });
    const up = await startWireProxy({ target: sim.url, seed: 5 });
    const work = await mkdtemp(join(tmpdir(), 'ut-outage-two-'));
    try {
      const r = await runCli(runArgs([down.url, up.url], work, '--outage-limit-s', '1'), { env: ENV });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, new RegExp(`${down.url}/v1 is down \\(.+\\): held until a look-up finds it ready; 1 other endpoint\\(s\\) take its requests meanwhile`));
      assert.match(r.stdout, new RegExp(`endpoint ${down.url}/v1: \\d+ attempts, \\d+ failed .*; down when the run ended: `));
      assert.equal(await comparableResult(join(work, ...RESULT)), clean.result);
      assert.deepEqual(cacheRows(work), clean.rows);
      assert.deepEqual(twice(down, up), []);
      assert.ok(down.answered.size >= 6 && up.answered.size >= clean.requests - down.answered.size, `${down.answered.size} + ${up.answered.size} answers`);
    } finally {
      await Promise.all([down.close(), up.close()]);
    }
  });
});
