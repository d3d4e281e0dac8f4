import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { DatasetId, DatasetSpec, Suite, datasetFormat, parseWith } from '../../../src/schema/index.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const suiteDoc = (v: number) => parse(readFileSync(join(root, 'benchmark', 'suites', `v${v}.yaml`), 'utf8'));
const entry = (over: Record<string, unknown> = {}, source: Record<string, unknown> = {}) => ({
  id: 'arith_drill', kind: 'math', accuracy: 'gsm8k', items: null, item_cap: null, subset_seed: 1, split: 'test', license: 'MIT',
  source: { repo: 'example/drills', format: 'gsm8k', files: [{ name: 'drill.jsonl', url: 'https://example.org/drill.jsonl', sha256: null }], ...source },
  ...over,
});
const fields = (data: unknown) => {
  const r = parseWith(DatasetSpec, data, 'suite.yaml');
  return r.ok ? [] : r.errors.map((e) => `${e.field}: ${e.message}`);
};

describe('dataset ids are open slugs, safe as file names and URL segments', () => {
  it('accepts lowercase slugs and refuses traversal, separators, dots, capitals, device names and long ids', () => {
    for (const ok of ['gsm8k', 'mt_bench', 'arith_drill', 'a', 'x'.repeat(40)]) assert.ok(DatasetId.safeParse(ok).success, ok);
    for (const bad of ['', '..', '../x', 'a/b', 'a\\b', 'x.y', 'mt-bench', 'GSM8K', '_x', '1x', 'con', 'nul', 'Aux', 'com1', 'x'.repeat(41), 'café']) {
      assert.ok(!DatasetId.safeParse(bad).success, JSON.stringify(bad));
    }
  });
});

describe('source.format chooses the parser; accuracy the verifier', () => {
  it('a new id needs its format; the ids of suites v1/v2 default to the layout they always had', () => {
    assert.deepEqual(fields(entry()), []);
    assert.deepEqual(fields(entry({}, { format: undefined })), ['source.format: required for dataset "arith_drill": the layout of its files (gsm8k, ifeval, fastchat, healthbench)']);
    assert.deepEqual(fields(entry({}, { format: 'csv' })).map((f) => f.split(':')[0]), ['source.format']);
    for (const v of [1, 2]) {
      const s = Suite.parse(suiteDoc(v));
      assert.ok(s.datasets.every((d) => d.source.format === undefined), `v${v} predates the field and is unchanged`);
      assert.deepEqual(Object.fromEntries(s.datasets.map((d) => [d.id, datasetFormat(d)])), {
        gsm8k: 'gsm8k', ifeval: 'ifeval', ifbench: 'ifeval', mt_bench: 'fastchat', vicuna_bench: 'fastchat', healthbench: 'healthbench',
      });
    }
  });

  it('an accuracy whose verifier cannot read the layout is refused at the accuracy field', () => {
    assert.deepEqual(fields(entry({ accuracy: 'ifeval' })), ['accuracy: "ifeval" cannot score items of the gsm8k layout (gsm8k)']);
    assert.deepEqual(fields(entry({ accuracy: 'gsm8k' }, { format: 'fastchat' })), ['accuracy: "gsm8k" cannot score items of the fastchat layout (null only)']);
    assert.deepEqual(fields(entry({ accuracy: 'ifbench' }, { format: 'ifeval' })), []);
    assert.deepEqual(fields(entry({ accuracy: null }, { format: 'gsm8k' })), []);
  });

  it('a suite refuses judge controls built from datasets it does not list', () => {
    const doc = suiteDoc(2);
    doc.judge_controls.datasets.push('arith_drill');
    const r = parseWith(Suite, doc, 'v2.yaml');
    assert.ok(!r.ok);
    assert.deepEqual(r.errors.map((e) => `${e.field}: ${e.message}`), ['judge_controls.datasets[5]: "arith_drill" is not a dataset of this suite']);
  });
});
