import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rankGroups, spearman, sumConfusions } from '../../../src/lib/site/stats.ts';

test('rank groups: a new group starts when a CI does not overlap the group leader', () => {
  const g = rankGroups([
    { value: 0.5, lo: 0.4, hi: 0.6 },
    { value: 0.45, lo: 0.38, hi: 0.52 }, // overlaps leader → group 1
    { value: 0.2, lo: 0.15, hi: 0.3 }, // below leader.lo → group 2
    null,
    { value: 0.25, lo: 0.2, hi: 0.31 }, // overlaps 0.2 leader? leader of group 2 is 0.25 itself (sorted first)
  ]);
  assert.deepEqual(g, [1, 1, 2, null, 2]);
});

test('spearman: perfect, inverse, undefined', () => {
  assert.equal(spearman([1, 2, 3, 4], [10, 20, 30, 40]), 1);
  assert.equal(spearman([1, 2, 3, 4], [4, 3, 2, 1]), -1);
  assert.equal(spearman([1, 2], [1, 2]), null);
  assert.equal(spearman([1, 1, 1], [1, 2, 3]), null);
  const r = spearman([1, 2, 2, 3], [1, 3, 2, 4]);
  assert.ok(r !== null && r > 0.7 && r < 1);
});

test('confusion matrices of several models pool element-wise (the judges page sums them before computing kappa)', () => {
  assert.deepEqual(sumConfusions([[[1, 2], [3, 4]], [[1, 1], [1, 1]]], 2), [[2, 3], [4, 5]]);
});
