import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decode, evaluate, locate, type Filters } from '../../../src/lib/examples/evaluate.ts';
import { bucketCount, buildIndex, combineIndexes, encodePostings, facetGroups, BUCKET_BYTES, MAX_GROUP } from '../../../src/lib/site/search-index.ts';
import { tokenize } from '../../../src/lib/site/search.ts';
import { bucketOf } from '../../../src/schema/shard-paths.ts';
import { SearchDirectory, SearchFacets, SearchTerms, type ShardItem } from '../../../src/schema/shards.ts';
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

test('tokens: lower-cased runs of letters and digits, each once; over-long runs cut; postings round-trip', () => {
  assert.deepEqual(tokenize('As an AI, as AN ai: 42% — naïve'), ['as', 'an', 'ai', '42', 'naïve']);
  assert.deepEqual(tokenize('x'.repeat(50)), ['x'.repeat(32)]);
  assert.equal(encodePostings([3, 4, 10, 50]), '3,1,6,14');
  assert.equal(encodePostings([]), '');
  const big = [0, 35, 36, 1295, 1296, 99999, 1_000_000];
  const back: number[] = [];
  decode(encodePostings(big), (v) => back.push(v));
  assert.deepEqual(back, big);
});

test('a model index numbers samples in shard order', () => {
  assert.deepEqual([ix.shards, ix.items, ix.conditions], [[4, 2, 4], [2, 2, 2, 2, 2], ['greedy', 't0.7']]);
  assert.equal(ix.condition, '0101010101');
  assert.equal(ix.labels[Number.parseInt(ix.label[9]!, 36)], 'none');
  assert.equal(ix.disagree, '6');
  assert.equal(ix.tokens.why, '0,2,2,2,2', 'delta-encoded ordinals 0 2 4 6 8');
  assert.equal(ix.item_tokens.i3, '2', 'question and answer are indexed once per item');
  assert.deepEqual(locate(ix, 5), { n: 1, pos: 1 });
  assert.deepEqual(locate(ix, 9), { n: 2, pos: 3 });
  assert.throws(() => locate(ix, 10), /beyond the index of model-a on gsm8k/);
});

test('a dataset\'s directory, facets and term files are valid against their schemas; each word is in the bucket of its hash, per model', () => {
  const other = buildIndex('model-b', 'gsm8k', [shard(0, ['i9']).items]);
  const { directory, facets, terms } = combineIndexes('gsm8k', [ix, other]);
  assert.ok(SearchDirectory.safeParse(directory).success);
  assert.deepEqual([directory.buckets, directory.models, directory.groups], [1, ['model-a', 'model-b'], [1, 1]], 'a tiny index is one term file');
  assert.equal(SearchDirectory.safeParse({ ...directory, groups: [1] }).success, false, 'groups must count every model');
  for (const f of facets) assert.ok(SearchFacets.safeParse(f).success);
  assert.deepEqual(facets.map((f) => [f.group, f.models.map((m) => [m.model, m.condition])]), [[0, [['model-a', ix.condition]]], [1, [['model-b', '01']]]]);
  for (const t of terms) assert.ok(SearchTerms.safeParse(t).success, JSON.stringify(SearchTerms.safeParse(t).error?.issues[0]));
  assert.deepEqual(terms[0]!.tokens.why, { 0: '0,2,2,2,2', 1: '0' }, 'models named by their position in the directory, in base 36');
  assert.deepEqual(terms[0]!.item_tokens.i9, { 1: '0' });
  assert.equal(SearchFacets.safeParse({ ...facets[0]!, models: [{ ...facets[0]!.models[0]!, label: ix.label.slice(1) }] }).success, false, 'codes must count every sample');
  assert.equal(SearchTerms.safeParse({ ...terms[0]!, tokens: { why: { 0: '0,,2' } } }).success, false);
  const two = { ...terms[0]!, buckets: 2, tokens: { why: { 0: '0' } }, item_tokens: {} };
  assert.equal(SearchTerms.safeParse({ ...two, bucket: bucketOf('why', 2) }).success, true);
  assert.equal(SearchTerms.safeParse({ ...two, bucket: 1 - bucketOf('why', 2) }).success, false, 'a word in the wrong bucket');
});

test('facets files hold doubling groups of models, at most MAX_GROUP each', () => {
  assert.deepEqual(facetGroups(0), []);
  assert.deepEqual(facetGroups(1), [1]);
  assert.deepEqual(facetGroups(60), [1, 2, 4, 8, 16, 16, 13]);
  assert.equal(facetGroups(500).reduce((a, b) => a + b, 0), 500);
  assert.equal(Math.max(...facetGroups(500)), MAX_GROUP);
});

test('bucket counts are powers of two that keep term files near their target size', () => {
  assert.deepEqual([bucketCount(0), bucketCount(BUCKET_BYTES), bucketCount(BUCKET_BYTES + 1), bucketCount(100 * BUCKET_BYTES)], [1, 1, 2, 128]);
  const words = Array.from({ length: 2000 }, (_, i) => `w${i}`);
  const per = new Array<number>(16).fill(0);
  for (const w of words) per[bucketOf(w, 16)]!++;
  assert.ok(Math.min(...per) > 2000 / 16 / 2 && Math.max(...per) < 2000 / 16 * 1.5, `spread: ${per.join(' ')}`);
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
