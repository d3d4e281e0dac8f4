import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { runProbeJob } from '../../../runners/community/probe-job/orchestrate.ts';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { seedHubTemplate } from '../../helpers/hub-cache.ts';
import { astroBuild } from '../../helpers/site-build.ts';

/**
 * Acceptance: a dry run of the probe job's script against the simulator (standing in for the vLLM endpoint)
 * produces a results folder that passes `userturn validate` and a site build that shows it. Two shards are
 * run and merged, exactly as the probe workflow's matrix and collect job do, and the merge is checked against
 * an unsharded run of the same items.
 */

const DATA = process.env.USERTURN_DATA_DIR ?? resolve(REPO_ROOT, '..', 'shared', 'datasets');
const haveData = existsSync(join(DATA, 'gsm8k')) && existsSync(join(DATA, 'mt_bench'));
const SUB = 'submissions/qwen/qwen3.5-0.8b.yaml';
const ID = 'qwen3.5-0.8b';

/** summary.json minus what legitimately differs between runs (timings, code commit, shard bookkeeping). */
function comparable(file: string): unknown {
  const s = JSON.parse(readFileSync(file, 'utf8'));
  delete s.run;
  delete s.provenance.runner_commit;
  delete s.provenance.runner_dirty;
  delete s.provenance.shards;
  return s;
}
const samplesWithoutTimings = (file: string) =>
  readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => {
    const x = JSON.parse(l);
    delete x.timings;
    return x;
  });

test('probe job dry run on the simulator: 2 shards → merge → validate → site build shows the model', { skip: haveData ? false : `datasets not found at ${DATA} (set USERTURN_DATA_DIR)`, timeout: 600_000 }, async (t) => {
  const t0 = performance.now();
  const tmp = mkdtempSync(join(tmpdir(), 'userturn-probe-dry-'));
  const cacheDir = join(tmp, 'cache');
  seedHubTemplate(join(tmp, 'hub'), 'Qwen/Qwen3.5-0.8B', 'main'); // offline stand-in for the Hub download
  process.env.USERTURN_CACHE_DIR = cacheDir;
  process.env.HF_HUB_CACHE = join(tmp, 'hub');
  process.env.HF_HUB_OFFLINE = '1';
  process.env.USERTURN_DATA_DIR = DATA;
  const runArgs = ['--limit', '4', '--datasets', 'gsm8k,mt_bench', '--concurrency', '8'];
  const logs: string[] = [];
  const job = (shard: string | undefined, out: string) =>
    runProbeJob({ submission: join(REPO_ROOT, SUB), server: 'sim', shard, out, runArgs, childOutput: 'on-failure', serverLog: join(tmp, 'sim.log'), log: (l) => logs.push(l) });

  const shards = [];
  for (const s of ['1/2', '2/2']) {
    const r = await job(s, join(tmp, `shard-${s[0]}`));
    assert.equal(r.exitCode, 0, logs.join('\n'));
    assert.match(r.baseUrls[0]!, /^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    shards.push(r.resultDir!);
  }
  assert.ok(logs.some((l) => /ready \(SIMULATOR, not a model\)/.test(l)));
  assert.ok(logs.some((l) => /validated \d+ files: ok/.test(l)) || logs.filter((l) => l.startsWith('$ userturn validate')).length === 2);

  // The collect job's merge: `userturn run --merge <shard out folder>…` with the same run arguments.
  const resultsRoot = join(tmp, 'results');
  const merge = (dirs: string[]) => runCli(['run', SUB, ...dirs.flatMap((d) => ['--merge', dirname(d)]), '--out', resultsRoot, ...runArgs]);
  const partial = merge([shards[0]!]);
  assert.equal(partial.code, 1);
  assert.match(partial.stderr, /shards 2 of 2 are missing/);
  const merged = merge(shards);
  assert.equal(merged.code, 0, merged.stderr);
  const mergedSummary = JSON.parse(readFileSync(join(resultsRoot, ID, 'summary.json'), 'utf8'));
  assert.deepEqual(mergedSummary.provenance.shards, { count: 2, merged: [1, 2] });
  assert.equal(mergedSummary.provenance.simulated, true);

  // The merge equals one unsharded run of the same items (same request cache, so no request is sent twice).
  const full = await job(undefined, join(tmp, 'full'));
  assert.equal(full.exitCode, 0, logs.join('\n'));
  assert.deepEqual(comparable(join(resultsRoot, ID, 'summary.json')), comparable(join(full.resultDir!, 'summary.json')));
  for (const ds of ['gsm8k', 'mt_bench']) {
    assert.deepEqual(samplesWithoutTimings(join(resultsRoot, ID, 'samples', `${ds}.jsonl`)), samplesWithoutTimings(join(full.resultDir!, 'samples', `${ds}.jsonl`)), ds);
  }

  const v = runCli(['validate', join(resultsRoot, ID)]);
  assert.equal(v.code, 0, v.stderr);
  assert.match(v.stdout, /ok/);

  // The site, built from this results folder only, shows the model, marked as simulated.
  const b = astroBuild({ USERTURN_RESULTS_DIR: resultsRoot }, tmp);
  assert.equal(b.status, 0, b.text);
  const dist = b.out;
  const page = readFileSync(join(dist, 'models', ID, 'index.html'), 'utf8');
  assert.match(page, /Qwen3\.5 0\.8B/);
  assert.match(page, /simulat/i);
  const home = readFileSync(join(dist, 'index.html'), 'utf8');
  assert.match(home, new RegExp(ID.replace(/\./g, '\\.')));
  t.diagnostic(`dry run took ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${loadavg()[0]!.toFixed(1)})`);
});
