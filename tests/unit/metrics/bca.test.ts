import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceleration, bcaInterval, normalCdf } from '../../../src/lib/metrics/bca.ts';
import { quantileSorted } from '../../../src/lib/metrics/quantile.ts';

test('normalCdf: Φ(0) = 0.5, Φ(1.959964) = 0.975, Φ(−1) = 0.158655 (to 1e-6)', () => {
  assert.ok(Math.abs(normalCdf(0) - 0.5) < 1e-6);
  assert.ok(Math.abs(normalCdf(1.959964) - 0.975) < 1e-6);
  assert.ok(Math.abs(normalCdf(-1) - 0.158655) < 1e-6);
});

test('acceleration: zero for a symmetric jackknife, signed by its skew', () => {
  assert.equal(acceleration([1, 2, 3, 4, 5]), 0);
  assert.equal(acceleration([2, 2, 2]), 0);
  assert.ok(acceleration([0, 0, 0, 0, 1]) < 0);
  assert.ok(acceleration([1, 1, 1, 1, 0]) > 0);
});

const grid = Array.from({ length: 1001 }, (_, i) => i / 1000);

test('replicates centred on the estimate with no acceleration: BCa is the percentile interval', () => {
  const r = bcaInterval(grid, 0.5, [1, 2, 3], 0.95);
  assert.ok(Math.abs(r.lo - quantileSorted(grid, 0.025)) < 1e-3 && Math.abs(r.hi - quantileSorted(grid, 0.975)) < 1e-3, JSON.stringify(r));
});

test('replicates biased low (median below the estimate): BCa moves both ends up, within the replicates', () => {
  const r = bcaInterval(grid, 0.7, [1, 2, 3], 0.95);
  assert.ok(r.lo > quantileSorted(grid, 0.025) && r.hi > quantileSorted(grid, 0.975), JSON.stringify(r));
  assert.ok(r.hi <= 1);
});
