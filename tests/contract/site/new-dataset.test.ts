import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { addDatasetSuite, newSuiteRunArgs } from '../../helpers/new-dataset.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim } from '../../helpers/processes.ts';
import { astroBuild } from '../../helpers/site-build.ts';

test('the site builds a result of a new suite version with new datasets, and refuses one naming a dataset its suite lacks', async () => {
  const work = mkdtempSync(join(tmpdir(), 'ut-site-dataset-'));
  const sim = await spawnSim(['--profile', 'aware', '--seed', '3', '--data-dir', fixtureData, '--latency-ms', '1']);
  try {
    const { bench, data } = addDatasetSuite(work);
    const env = { USERTURN_BENCHMARK_DIR: bench };
    const { out, args } = newSuiteRunArgs(work, data, qwenTemplate);
    const r = await runCli([...args, '--base-url', `${sim.url}/v1`], { env });
    assert.equal(r.code, 0, r.stderr);
    await sim.stop();

    const ok = astroBuild({ ...env, USERTURN_RESULTS_DIR: out }, mkdtempSync(join(work, 'site-')));
    assert.equal(ok.status, 0, ok.text.slice(-3000));
    // The new datasets get their pages and sample shards; the methodology page shows suite v3 as current.
    for (const page of ['leaderboard/arith_drill', 'leaderboard/format_drill', 'charts/decoupling/arith_drill', 'charts/temperature/format_drill']) {
      assert.ok(existsSync(join(ok.out, page, 'index.html')), page);
    }
    assert.ok(existsSync(join(ok.out, 'data', 'samples', 'qwen3.5-9b', 'format_drill.json')));
    assert.match(readFileSync(join(ok.out, 'methodology', 'index.html'), 'utf8'), /arith_drill/);

    const file = join(out, 'qwen3.5-9b', 'summary.json');
    const s = JSON.parse(readFileSync(file, 'utf8'));
    s.datasets[5].dataset = 'not_listed';
    writeFileSync(file, JSON.stringify(s));
    const bad = astroBuild({ ...env, USERTURN_RESULTS_DIR: out }, mkdtempSync(join(work, 'site-')));
    assert.notEqual(bad.status, 0, 'the build must fail');
    assert.match(bad.text, /qwen3\.5-9b\/summary\.json: datasets\[5\]\.dataset: "not_listed" is not a dataset of suite v3 \(/);
  } finally {
    await sim.stop();
    rmSync(work, { recursive: true, force: true });
  }
});
