import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalQuantile, wilsonInterval } from '../../../src/lib/metrics/wilson.ts';

// Reference values computed independently with SciPy 1.17.1:
//   scipy.stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method='wilson')
const SCIPY_WILSON_95: Array<[number, number, number, number]> = [
  [0, 1319, 0.0, 0.00290394],
  [0, 80, 0.0, 0.04581813],
  [4, 1319, 0.00117993, 0.0077716],
  [10, 20, 0.29929801, 0.70070199],
  [80, 80, 0.95418187, 1.0],
  [3, 200, 0.00511424, 0.04316573],
];

test('Wilson interval matches SciPy to 1e-7, including 0 and n hits', () => {
  for (const [k, n, lo, hi] of SCIPY_WILSON_95) {
    const ci = wilsonInterval(k, n, 0.95);
    assert.ok(Math.abs(ci.lo - lo) < 1e-7, `${k}/${n} lo ${ci.lo} vs ${lo}`);
    assert.ok(Math.abs(ci.hi - hi) < 1e-7, `${k}/${n} hi ${ci.hi} vs ${hi}`);
  }
});

test('0 hits never gives a zero-width interval', () => {
  assert.ok(wilsonInterval(0, 1319, 0.95).hi > 0.002);
});

test('normal quantile: 0.975 → 1.959964, symmetric', () => {
  assert.ok(Math.abs(normalQuantile(0.975) - 1.959963985) < 1e-8);
  assert.ok(Math.abs(normalQuantile(0.01) + normalQuantile(0.99)) < 1e-12);
});

test('bad arguments are refused', () => {
  assert.throws(() => wilsonInterval(1, 0, 0.95));
  assert.throws(() => wilsonInterval(5, 4, 0.95));
});
