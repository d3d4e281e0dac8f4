import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DatasetSpec } from '../../../src/schema/index.ts';
import { parseDataset } from '../../../runners/datasets/parsers.ts';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'datasets');
const files = (...paths: string[]) => new Map(paths.map((p) => [p.split('/').at(-1)!, readFileSync(join(fixtures, p), 'utf8')]));
const spec = (id: string, format: string, accuracy: string | null) =>
  DatasetSpec.parse({
    id, kind: 'conversation', accuracy, items: null, item_cap: null, subset_seed: 1, split: 'test', license: 'MIT',
    source: { repo: 'example/x', format, files: [{ name: 'a.jsonl', url: 'https://example.org/a.jsonl', sha256: null }] },
  });

describe('the parser is chosen by the layout a suite names, not by the dataset id', () => {
  it('a new id in the fastchat layout: first turns as questions, the second file as references, named by the new id', () => {
    const items = parseDataset(spec('chat_probe', 'fastchat', null), files('mt_bench/question.jsonl', 'mt_bench/reference_answer_gpt-4.jsonl'));
    assert.equal(items.length, 4);
    assert.ok(items.every((i) => i.dataset === 'chat_probe' && i.verifier === null));
    assert.equal(items.filter((i) => i.reference !== null).length, 2);
  });

  it('the verifier data follows accuracy: ifbench checks on an IFEval-layout file, none when accuracy is null', () => {
    const scored = parseDataset(spec('rules_mini', 'ifeval', 'ifbench'), files('ifbench/IFBench_test.jsonl'));
    assert.ok(scored.every((i) => i.dataset === 'rules_mini' && i.verifier?.dataset === 'ifbench'));
    const unscored = parseDataset(spec('sums_only', 'gsm8k', null), files('gsm8k/test.jsonl'));
    assert.ok(unscored.every((i) => i.dataset === 'sums_only' && i.verifier === null && i.reference !== null));
  });

  it('errors name the dataset id and the file line', () => {
    assert.throws(() => parseDataset(spec('chat_probe', 'fastchat', null), files('gsm8k/test.jsonl')), /^Error: chat_probe\/test\.jsonl:1: /);
  });
});
