import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse, stringify } from 'yaml';
import { fixtureData, qwenTemplate, root, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * docs/ARCHITECTURE.md "How to add a dataset": a new suite version with new datasets of known layouts, plus their
 * data files, and nothing else. The benchmark folder is copied to a temporary one (USERTURN_BENCHMARK_DIR) so the
 * repository is not touched; the code is the repository's, unchanged.
 */
const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const NEW = [
  // A GSM8K-layout set scored by the GSM8K verifier, and an IFEval-layout set scored by the IFEval checks.
  { id: 'arith_drill', kind: 'math', accuracy: 'gsm8k', format: 'gsm8k', file: 'drill.jsonl', from: 'gsm8k/test.jsonl' },
  { id: 'format_drill', kind: 'instruction_following', accuracy: 'ifeval', format: 'ifeval', file: 'rows.jsonl', from: 'ifeval/input_data.jsonl' },
];

/** benchmark/ copied, plus suites/v3.yaml: v2 with the new datasets and a changelog line; the data folder beside it. */
function addDataset(work: string): { bench: string; data: string } {
  const bench = join(work, 'benchmark');
  cpSync(join(root, 'benchmark'), bench, { recursive: true });
  const suite = parse(readFileSync(join(bench, 'suites', 'v2.yaml'), 'utf8'));
  suite.version = 3;
  suite.changelog.unshift({ version: 3, date: '2026-11-25', changes: 'Two drill sets (test).' });
  for (const d of NEW) {
    suite.datasets.push({
      id: d.id, kind: d.kind, accuracy: d.accuracy, items: null, item_cap: null, subset_seed: 1, split: 'test', license: 'MIT',
      source: { repo: 'example/drills', format: d.format, files: [{ name: d.file, url: `https://example.org/${d.file}`, sha256: null }] },
    });
  }
  writeFileSync(join(bench, 'suites', 'v3.yaml'), stringify(suite));
  const data = join(work, 'data');
  cpSync(fixtureData, data, { recursive: true });
  for (const d of NEW) {
    mkdirSync(join(data, d.id));
    cpSync(join(fixtureData, d.from), join(data, d.id, d.file));
  }
  return { bench, data };
}

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
    const out = join(work, 'results');
    const args = ['run', SUBMISSION, '--limit', '2', '--data-dir', data, '--template', qwenTemplate, '--out', out, '--cache', join(work, 'cache.sqlite')];

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
