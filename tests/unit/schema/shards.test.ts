import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Manifest, Shard, itemOfSampleId, manifestPath, parseWith, shardPath } from '../../../src/schema/index.ts';
import { groupByItem, manifestEntry, splitShards } from '../../../src/lib/site/shards.ts';
import { sample } from '../../helpers/examples-fixtures.ts';

const samples = [
  sample('i1', 'greedy', 0, 'genuine_followup'),
  sample('i1', 'truncated', 0, 'generic_closing', { response: 'Answ', user_turn_cut: { marker: '<|im_end|>', kind: 'marker', raw_chars: 9, removed: 'x' } }),
  sample('i2', 'greedy', 0, 'meta_planning', { unfinished: { reason: 'length', raw_chars: 3, raw_tail: 'abc' }, user_turn: '', verdicts: [] }),
];

test('shards and manifests built from valid samples pass their schemas', () => {
  const parts = splitShards(groupByItem(samples, ['greedy', 'truncated']), 2);
  assert.equal(parts.length, 2);
  parts.forEach((items, n) => assert.ok(Shard.safeParse({ model: 'model-a', dataset: 'gsm8k', n, items }).success));
  const manifest = { model: 'model-a', dataset: 'gsm8k', samples: 3, shards: parts.map((items, n) => manifestEntry(n, items)) };
  assert.ok(Manifest.safeParse(manifest).success);
  assert.deepEqual(manifest.shards[1]!.labels, { none: 1 });
});

test('a shard or manifest that does not fit the format names the field', () => {
  const [items] = splitShards(groupByItem(samples, ['greedy']));
  const shard = { model: 'model-a', dataset: 'gsm8k', n: 0, items: structuredClone(items!) };
  shard.items[0]!.samples[0]!.verdicts = [{ kind: 'label', label: 'nope' } as never];
  const bad = parseWith(Shard, shard, 'x.json');
  assert.ok(!bad.ok && bad.errors.some((e) => e.field.startsWith('items[0].samples[0].verdicts[0]')));
  const extra = parseWith(Shard, { model: 'model-a', dataset: 'gsm8k', n: 0, items: [], extra: 1 }, 'x.json');
  assert.ok(!extra.ok && extra.errors[0]!.field === 'extra');
  const man = parseWith(Manifest, { model: 'model-a', dataset: '../nope', samples: 1, shards: [{ n: 0, items: [], samples: 1, labels: { bogus: 1 }, conditions: {} }] }, 'm.json');
  assert.ok(!man.ok);
  assert.deepEqual(!man.ok && man.errors.map((e) => e.field), ['dataset', 'shards[0].labels.bogus']);
});

test('shard paths are relative to the site root, one folder per model, ids URL-encoded', () => {
  assert.equal(manifestPath('model-a', 'gsm8k'), 'data/samples/model-a/gsm8k.json');
  assert.equal(shardPath('model-a', 'gsm8k', 3), 'data/samples/model-a/gsm8k-3.json');
  assert.equal(shardPath('a/b', 'x?y', 0), 'data/samples/a%2Fb/x%3Fy-0.json');
  assert.equal(itemOfSampleId('gsm8k-12~t0.7~3'), 'gsm8k-12');
});
