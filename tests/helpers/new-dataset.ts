/**
 * docs/ARCHITECTURE.md "How to add a dataset": a new suite version with new datasets of known layouts, plus their
 * data files, and nothing else. The benchmark folder is copied to a temporary one (USERTURN_BENCHMARK_DIR) so the
 * repository is not touched; the code is the repository's, unchanged.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { fixtureData, root } from './processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
export const NEW_DATASETS = [
  // A GSM8K-layout set scored by the GSM8K verifier, and an IFEval-layout set scored by the IFEval checks.
  { id: 'arith_drill', kind: 'math', accuracy: 'gsm8k', format: 'gsm8k', file: 'drill.jsonl', from: 'gsm8k/test.jsonl' },
  { id: 'format_drill', kind: 'instruction_following', accuracy: 'ifeval', format: 'ifeval', file: 'rows.jsonl', from: 'ifeval/input_data.jsonl' },
];

/** benchmark/ copied, plus suites/v3.yaml: v2 with the new datasets and a changelog line; the data folder beside it. */
export function addDatasetSuite(work: string): { bench: string; data: string } {
  const bench = join(work, 'benchmark');
  cpSync(join(root, 'benchmark'), bench, { recursive: true });
  const suite = parse(readFileSync(join(bench, 'suites', 'v2.yaml'), 'utf8'));
  suite.version = 3;
  suite.changelog.unshift({ version: 3, date: '2026-11-25', changes: 'Two drill sets (test).' });
  for (const d of NEW_DATASETS) {
    suite.datasets.push({
      id: d.id, kind: d.kind, accuracy: d.accuracy, items: null, item_cap: null, subset_seed: 1, split: 'test', license: 'MIT',
      source: { repo: 'example/drills', format: d.format, files: [{ name: d.file, url: `https://example.org/${d.file}`, sha256: null }] },
    });
  }
  writeFileSync(join(bench, 'suites', 'v3.yaml'), stringify(suite));
  const data = join(work, 'data');
  cpSync(fixtureData, data, { recursive: true });
  for (const d of NEW_DATASETS) {
    mkdirSync(join(data, d.id));
    cpSync(join(fixtureData, d.from), join(data, d.id, d.file));
  }
  return { bench, data };
}


/** The run the tests make on the new suite: every enabled dataset, two items (add --base-url or --dry-run). */
export function newSuiteRunArgs(work: string, data: string, qwenTemplate: string): { out: string; args: string[] } {
  const out = join(work, 'results');
  return { out, args: ['run', SUBMISSION, '--limit', '2', '--data-dir', data, '--template', qwenTemplate, '--out', out, '--cache', join(work, 'cache.sqlite')] };
}
