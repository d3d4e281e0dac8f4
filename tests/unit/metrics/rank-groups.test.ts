import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pairedRankGroups, type RankInput } from '../../../src/lib/metrics/rank-groups.ts';

/** A model with hits on the listed item indices out of n shared items q0..q(n-1). */
function model(n: number, hitItems: Iterable<number>, withItems = true): RankInput {
  const set = new Set(hitItems);
  const ids = Array.from({ length: n }, (_, i) => `q${i}`);
  const vector = ids.map((_, i) => (set.has(i) ? '1' : '0')).join('');
  return { hits: set.size, trials: n, items: withItems ? { ids, vector } : null };
}
const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);

test('acceptance: 4/1319 and 0/1319 share a rank group (exact McNemar p = 2·2^-4 = 0.125)', () => {
  const { groups, tests } = pairedRankGroups([model(1319, range(0, 4)), model(1319, [])]);
  assert.deepEqual(groups, [1, 1]);
  assert.equal(tests[0]!.test, 'mcnemar');
  assert.equal(tests[0]!.shared, 1319);
  assert.equal(tests[0]!.p, 0.125);
});

test('a clear difference splits the groups: 200/1319 vs 0/1319', () => {
  const { groups, tests } = pairedRankGroups([model(1319, []), model(1319, range(0, 200))]);
  assert.deepEqual(groups, [2, 1]);
  assert.ok(tests[0]!.p < 1e-50);
});

test('Holm across pairs: p = 1/32 alone splits two models, but not among three pairs (1/32 · 3 = 0.094)', () => {
  // A hits items 0–5, C none: McNemar b = 6, c = 0 → p = 2·(1/2)^6 = 0.03125 < 0.05.
  const A = model(100, range(0, 6));
  const B = model(100, range(0, 3));
  const C = model(100, []);
  assert.deepEqual(pairedRankGroups([A, C]).groups, [1, 2]);
  // With B added the pairs are A–B (b=3: p = 0.25), A–C (p = 0.03125), B–C (p = 0.25). Holm: smallest × 3 =
  // 0.09375 > 0.05, so nothing is significant and all three share group 1.
  const { groups, tests } = pairedRankGroups([A, B, C]);
  assert.deepEqual(tests.map((t) => [t.a, t.b, Math.round(t.p * 1e12) / 1e12]), [[0, 1, 0.25], [0, 2, 0.03125], [1, 2, 0.25]]);
  assert.ok(Math.abs(tests[1]!.p_holm - 0.09375) < 1e-12);
  assert.deepEqual(groups, [1, 1, 1]);
});

test('group = 1 + number of models significantly better (groups can skip numbers)', () => {
  const { groups } = pairedRankGroups([model(500, range(0, 200)), model(500, range(0, 198)), model(500, [])]);
  // The two leaders cannot be told apart (b = 2); both beat the third.
  assert.deepEqual(groups, [1, 1, 3]);
});

test('pairing matters: the same items plus 15 more is a significant difference, counts alone are not', () => {
  const A = model(200, range(0, 30));
  const B = model(200, range(0, 45));
  assert.deepEqual(pairedRankGroups([A, B]).groups, [2, 1]);
  const unpaired = pairedRankGroups([model(200, range(0, 30), false), model(200, range(0, 45), false)]);
  assert.equal(unpaired.tests[0]!.test, 'fisher');
  assert.deepEqual(unpaired.groups, [1, 1]);
});

test('suite v1 results (no per-item hits) fall back to Fisher on counts: 4/1319 vs 0/1319 still one group', () => {
  const { groups, tests } = pairedRankGroups([{ hits: 4, trials: 1319 }, { hits: 0, trials: 1319 }, null]);
  assert.deepEqual(groups, [1, 1, null]);
  assert.equal(tests[0]!.test, 'fisher');
  assert.ok(Math.abs(tests[0]!.p - 0.12471563986158153) < 1e-9); // scipy.stats.fisher_exact([[4, 1315], [0, 1319]]).pvalue
});

test('only items both models judged are paired', () => {
  const A: RankInput = { hits: 2, trials: 3, items: { ids: ['a', 'b', 'c', 'd'], vector: '11.0' } };
  const B: RankInput = { hits: 0, trials: 3, items: { ids: ['d', 'c', 'b', 'x'], vector: '0000' } };
  const t = pairedRankGroups([A, B]).tests[0]!;
  assert.equal(t.shared, 2); // b and d; a is not in B, c is unjudged in A
  assert.equal(t.p, 1); // one discordant pair (b): 2·P(X ≤ 0) = 2·½
});

/** A sampled-condition model: per item [hits, judged]; the pooled counts scaled to one trial per item, as rank.ts gives them. */
function sampled(perItem: ReadonlyArray<readonly [number, number]>, withCounts = true): RankInput {
  const ids = perItem.map((_, i) => `q${i}`);
  const hits = perItem.reduce((a, [h]) => a + h, 0);
  const trials = perItem.reduce((a, [, t]) => a + t, 0);
  const n = perItem.length;
  return { hits: Math.round((hits / trials) * n), trials: n, items: null, counts: withCounts ? { ids, items: perItem.map(([h, t]) => ({ hits: h, trials: t })) } : null };
}

test('sampled, clustered evidence is clear: 1 of 4 on 12 of 40 items against none splits the ranks (paired sign-flip on item rates)', () => {
  // 12/160 [4.3%, 12.7%] against 0/160 [0, 2.3%]: the clustered Wilson intervals do not overlap (deff 1 here).
  const A = sampled(Array.from({ length: 40 }, (_, i) => [i < 12 ? 1 : 0, 4] as const));
  const B = sampled(Array.from({ length: 40 }, () => [0, 4] as const));
  const { groups, tests } = pairedRankGroups([B, A]);
  assert.equal(tests[0]!.test, 'sign_flip');
  assert.equal(tests[0]!.shared, 40);
  assert.equal(tests[0]!.p, 2 ** -11);
  assert.deepEqual(groups, [2, 1]);
  // Without per-item counts (older results): Fisher on 3/40 against 0/40, as before, one group.
  const old = pairedRankGroups([sampled([...Array(40)].map(() => [0, 4] as const), false), sampled(Array.from({ length: 40 }, (_, i) => [i < 12 ? 1 : 0, 4] as const), false)]);
  assert.equal(old.tests[0]!.test, 'fisher');
  assert.deepEqual(old.groups, [1, 1]);
});

test('sampled, within-item correlation: 20/160 against 4/160 on 5 items against 1 is one rank group', () => {
  // As independent trials, Fisher on 20/160 vs 4/160 gives p = 0.001; the hits sit on 6 items: 6 coin flips.
  const A = sampled(Array.from({ length: 40 }, (_, i) => [i < 5 ? 4 : 0, 4] as const));
  const B = sampled(Array.from({ length: 40 }, (_, i) => [i === 39 ? 4 : 0, 4] as const));
  const { groups, tests } = pairedRankGroups([A, B]);
  assert.equal(tests[0]!.test, 'sign_flip');
  assert.equal(tests[0]!.p, 14 / 64);
  assert.deepEqual(groups, [1, 1]);
});

test('sampled: a model without per-item counts is compared with Fisher on scaled counts, paired ones still paired', () => {
  const A = sampled(Array.from({ length: 40 }, (_, i) => [i < 12 ? 1 : 0, 4] as const));
  const B = sampled(Array.from({ length: 40 }, () => [0, 4] as const));
  const C = sampled(Array.from({ length: 40 }, () => [0, 4] as const), false);
  const { tests } = pairedRankGroups([A, B, C]);
  assert.deepEqual(tests.map((t) => t.test), ['sign_flip', 'fisher', 'fisher']);
});

test('sampled: per-item and pooled rates pointing opposite ways leave the pair unranked, not the lower shown rate ahead', () => {
  // A: 20 items judged once, each a follow-up (3 of 4 turns not judged), and 20 items 0/4: 20/100 = 20% shown, while
  // its per-item rates average 50%. B: 1/4 on all 40 items, 25% either way. Per item A is ahead (p ≈ 0.005).
  const A = sampled(Array.from({ length: 40 }, (_, i) => i < 20 ? ([1, 1] as const) : ([0, 4] as const)));
  const B = sampled(Array.from({ length: 40 }, () => [1, 4] as const));
  const { groups, tests } = pairedRankGroups([A, B]);
  assert.equal(tests[0]!.test, 'sign_flip');
  assert.ok(tests[0]!.p < 0.05, `p = ${tests[0]!.p}`);
  assert.equal(tests[0]!.direction, 0);
  assert.deepEqual(groups, [1, 1]);
});
