import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spearman, sumConfusions } from '../../../src/lib/site/stats.ts';

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
