import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { NEW_DATASETS as NEW, addDatasetSuite as addDataset, newSuiteRunArgs } from '../../helpers/new-dataset.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/** docs/ARCHITECTURE.md "How to add a dataset", through the CLI: run (dry and real) and validate. */
describe('adding a dataset is a suite version plus its data file', () => {
  let sim: SpawnedSim;
  let work: string;
  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'ut-add-dataset-'));
    sim = await spawnSim(['--profile', 'aware', '--seed', '3', '--data-dir', fixtureData, '--latency-ms', '1']);
  });
  after(async () => {
    await sim.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('userturn run uses v3 as the current suite, parses by source.format, scores by accuracy, and validate accepts the result', async () => {
    const { bench, data } = addDataset(work);
    const env = { USERTURN_BENCHMARK_DIR: bench };
    const { out, args } = newSuiteRunArgs(work, data, qwenTemplate);

    const plan = await runCli([...args, '--dry-run'], { env });
    assert.equal(plan.code, 0, plan.stderr);
    assert.match(plan.stdout, /^plan: suite userturn v3,/m);
    for (const d of NEW) assert.match(plan.stdout, new RegExp(`^${d.id} +\\(assistant\\) +2 `, 'm'));

    const r = await runCli([...args, '--base-url', `${sim.url}/v1`], { env });
    assert.equal(r.code, 0, r.stderr);
    const dir = join(out, 'qwen3.5-9b');
    const summary = JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
    assert.equal(summary.provenance.suite_version, 3);
    assert.deepEqual(summary.datasets.map((d: { dataset: string }) => d.dataset), ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'vicuna_bench', ...NEW.map((d) => d.id)]);
    const byId = (id: string) => summary.datasets.find((d: { dataset: string }) => d.dataset === id);
    assert.equal(byId('arith_drill').accuracy.metric, 'gsm8k_exact');
    assert.equal(byId('format_drill').accuracy.metric, 'prompt_level');
    const first = JSON.parse(readFileSync(join(dir, 'samples', 'arith_drill.jsonl'), 'utf8').split('\n')[0]!);
    assert.equal(first.dataset, 'arith_drill');
    assert.equal(first.accuracy.kind, 'gsm8k');

    const ok = await runCli(['validate', out], { env });
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /validated 8 files: ok/);
  });

  it('validate refuses results naming datasets their suite does not list, one line each naming the file and field', async () => {
    const out = join(work, 'results');
    const env = { USERTURN_BENCHMARK_DIR: join(work, 'benchmark') };
    // Against the repository's own suites (v1, v2): suite v3 is unknown, so its datasets cannot be checked.
    const repo = await runCli(['validate', out]);
    assert.equal(repo.code, 1);
    assert.match(repo.stdout + repo.stderr, /qwen3\.5-9b\/summary\.json: provenance\.suite_version: suite v3 is not one of the suites of benchmark\/suites\/ \(v1, v2\)/);
    // A samples file whose name is a well-formed id the suite does not list.
    const samples = join(out, 'qwen3.5-9b', 'samples');
    renameSync(join(samples, 'arith_drill.jsonl'), join(samples, 'not_listed.jsonl'));
    try {
      const bad = await runCli(['validate', out], { env });
      assert.equal(bad.code, 1);
      const text = bad.stdout + bad.stderr;
      assert.match(text, /samples\/not_listed\.jsonl: \(file\): "not_listed" is not a dataset of suite v3 \(/);
      assert.doesNotMatch(text, /\n\s+at /, 'no stack trace');
    } finally {
      renameSync(join(samples, 'not_listed.jsonl'), join(samples, 'arith_drill.jsonl'));
    }
    assert.deepEqual(readdirSync(samples).sort(), ['arith_drill.jsonl', 'format_drill.jsonl', 'gsm8k.jsonl', 'ifbench.jsonl', 'ifeval.jsonl', 'mt_bench.jsonl', 'vicuna_bench.jsonl']);
  });
});
