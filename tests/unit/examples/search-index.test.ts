import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evaluate, locate, type Filters } from '../../../src/lib/examples/evaluate.ts';
import { buildIndex, encodePostings } from '../../../src/lib/site/search-index.ts';
import { tokenize } from '../../../src/lib/site/search.ts';
import { SearchIndex, type ShardItem } from '../../../src/schema/shards.ts';
import { shard } from '../../helpers/examples-fixtures.ts';

const none: Filters = { condition: '', label: '', query: '', disagree: false };
/** Items i1…i5 in shards [i1 i2] [i3] [i4 i5]; each item has greedy "Why iN?" and t0.7 "Thanks for iN". */
const parts: ShardItem[][] = [shard(0, ['i1', 'i2']).items, shard(1, ['i3']).items, shard(2, ['i4', 'i5']).items];
// One perturbed answer, one judge disagreement, one unlabelled sample.
parts[1]![0]!.samples[1]!.response = 'As an AI I cannot say.';
parts[2]![0]!.samples[0]!.verdicts.push({ kind: 'label', label: 'generic_closing', rationale: 'r', evidence_span: null, rule: null, judge: 'other@1' });
parts[2]![1]!.samples[1]!.verdicts = [{ kind: 'judge_error', reason: 'timeout', judge: 'heuristic@1' }];
const ix = buildIndex('model-a', 'gsm8k', parts);
const ids = (f: Partial<Filters>) => evaluate(ix, { ...none, ...f }).map((o) => { const { n, pos } = locate(ix, o); return parts[n]!.flatMap((it) => it.samples)[pos]!.id; });

test('tokens: lower-cased runs of letters and digits, each once; over-long runs cut', () => {
  assert.deepEqual(tokenize('As an AI, as AN ai: 42% — naïve'), ['as', 'an', 'ai', '42', 'naïve']);
  assert.deepEqual(tokenize('x'.repeat(50)), ['x'.repeat(32)]);
  assert.equal(encodePostings([3, 4, 10, 50]), '3,1,6,14');
  assert.equal(encodePostings([]), '');
});

test('the index is valid against its schema and numbers samples in shard order', () => {
  assert.ok(SearchIndex.safeParse(ix).success);
  assert.deepEqual([ix.shards, ix.items, ix.conditions], [[4, 2, 4], [2, 2, 2, 2, 2], ['greedy', 't0.7']]);
  assert.equal(ix.condition, '0101010101');
  assert.equal(ix.labels[Number.parseInt(ix.label[9]!, 36)], 'none');
  assert.equal(ix.disagree, '6');
  assert.equal(ix.tokens.why, '0,2,2,2,2', 'delta-encoded ordinals 0 2 4 6 8');
  assert.equal(ix.item_tokens.i3, '2', 'question and answer are indexed once per item');
  const bad = SearchIndex.safeParse({ ...ix, label: ix.label.slice(1) });
  assert.equal(bad.success, false, 'codes must count every sample');
  assert.equal(SearchIndex.safeParse({ ...ix, tokens: { why: '0,,2' } }).success, false);
  assert.deepEqual(locate(ix, 5), { n: 1, pos: 1 });
  assert.deepEqual(locate(ix, 9), { n: 2, pos: 3 });
  assert.throws(() => locate(ix, 10), /beyond the index of model-a on gsm8k/);
});

test('a query is the AND of its words (in the user turn, a perturbed answer, or the item\'s question or answer) and every facet', () => {
  assert.equal(evaluate(ix, none).length, 10);
  assert.deepEqual(ids({ query: 'why' }), ['i1~greedy~0', 'i2~greedy~0', 'i3~greedy~0', 'i4~greedy~0', 'i5~greedy~0']);
  assert.deepEqual(ids({ query: 'WHY i3' }), ['i3~greedy~0'], 'i3 from the user turn');
  assert.deepEqual(ids({ query: 'question of i4' }), ['i4~greedy~0', 'i4~t0.7~0'], 'item text matches every sample of the item');
  assert.deepEqual(ids({ query: 'as an AI' }), ['i3~t0.7~0'], 'perturbed answer');
  assert.deepEqual(ids({ query: 'why unicorn' }), [], 'a word in no sample');
  assert.deepEqual(ids({ query: 'thanks', condition: 'greedy' }), []);
  assert.deepEqual(ids({ condition: 't0.7', label: 'generic_closing', query: 'i5' }), [], 'i5 t0.7 has no label');
  assert.deepEqual(ids({ label: 'none' }), ['i5~t0.7~0']);
  assert.deepEqual(ids({ disagree: true }), ['i4~greedy~0']);
  assert.deepEqual(ids({ disagree: true, label: 'generic_closing' }), []);
  assert.deepEqual(ids({ condition: 't1.0' }), [], 'a condition the model does not have');
  assert.deepEqual(ids({ query: 'constructor' }), [], 'object keys are not words');
});
