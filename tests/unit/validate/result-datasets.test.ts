import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { suiteDatasets, unlistedDatasetErrors } from '../../../src/lib/result-datasets.ts';
import { ResultSummary } from '../../../src/schema/index.ts';
import { validatePaths } from '../../../runners/validate/validate-files.ts';

const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'results-v1');
const ID = 'sim-qwen3.5-0.8b';
const lines = (errors: Array<{ file: string; field: string; message: string }>) => errors.map((e) => `${e.file}: ${e.field}: ${e.message}`);

describe('a result may name only the datasets of its suite version', () => {
  const summary = ResultSummary.parse(JSON.parse(readFileSync(join(fixture, ID, 'summary.json'), 'utf8')));
  const known = suiteDatasets([{ version: 1, datasets: [{ id: 'gsm8k' }, { id: 'mt_bench' }] as never }]);

  it('lists every unlisted id with its field, samples files by name, and an unknown suite version once', () => {
    assert.deepEqual(unlistedDatasetErrors(summary, known, 's.json', [{ dataset: 'gsm8k', file: 'gsm8k.jsonl' }]), []);
    const renamed = structuredClone(summary);
    renamed.datasets[1]!.dataset = 'mt_bench_v9';
    assert.deepEqual(lines(unlistedDatasetErrors(renamed, known, 's.json', [{ dataset: 'healthbench', file: 'h.jsonl' }])), [
      's.json: datasets[1].dataset: "mt_bench_v9" is not a dataset of suite v1 (gsm8k, mt_bench)',
      'h.jsonl: (file): "healthbench" is not a dataset of suite v1 (gsm8k, mt_bench)',
    ]);
    const later = structuredClone(summary);
    later.provenance.suite_version = 7;
    assert.deepEqual(lines(unlistedDatasetErrors(later, known, 's.json')), ['s.json: provenance.suite_version: suite v7 is not one of the suites of benchmark/suites/ (v1), so the datasets of this result cannot be checked']);
  });

  it('userturn validate applies it to summaries and to samples files, against the benchmark suites', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-results-'));
    try {
      cpSync(fixture, join(dir, 'results'), { recursive: true });
      const res = join(dir, 'results');
      assert.deepEqual((await validatePaths([res], dir)).errors, []);
      const samples = join(res, ID, 'samples');
      renameSync(join(samples, 'mt_bench.jsonl'), join(samples, 'x_bench.jsonl'));
      const file = join(res, ID, 'summary.json');
      const doc = JSON.parse(readFileSync(file, 'utf8'));
      doc.provenance.datasets[0].id = 'gsm9k';
      writeFileSync(file, JSON.stringify(doc));
      const got = lines((await validatePaths([res], dir)).errors);
      assert.ok(got.includes(`results/${ID}/summary.json: provenance.datasets[0].id: "gsm9k" is not a dataset of suite v1 (gsm8k, ifeval, ifbench, mt_bench, vicuna_bench, healthbench)`), got.join('\n'));
      assert.ok(got.some((l) => l.startsWith(`results/${ID}/samples/x_bench.jsonl: (file): "x_bench" is not a dataset of suite v1 (`)), got.join('\n'));
      // A samples file named alone is checked against its folder's summary.
      const alone = lines((await validatePaths([join(samples, 'x_bench.jsonl')], dir)).errors);
      assert.ok(alone.some((l) => l.startsWith(`results/${ID}/samples/x_bench.jsonl: (file): "x_bench" is not a dataset of suite v1`)), alone.join('\n'));
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });
});
