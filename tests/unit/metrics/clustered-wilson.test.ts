import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clusteredWilsonRate, designEffect } from '../../../src/lib/metrics/clustered-wilson.ts';

const items = (hits: number[], trials: number[] | number) =>
  hits.map((h, i) => ({ hits: h, trials: typeof trials === 'number' ? trials : trials[i]! }));
const rep = (v: number, n: number) => new Array<number>(n).fill(v);

// Reference values computed independently in Python (NumPy 2 / SciPy 1.17.1): the design effect from its
// definition and the Wilson bounds as the roots of the score equation (p - x)^2 = z^2 x (1 - x) / n_eff, not
// from the closed form the code uses:
//   h, t = np.asarray(h, float), np.asarray(t, float); T = t.sum(); p = h.sum() / T
//   deff = 1.0 if p in (0, 1) else max(1.0, ((h - p*t)**2).sum() / T**2 / (p*(1-p)/T))
//   n = T / deff; z = scipy.stats.norm.ppf(0.975)
//   np.sort(np.roots([1 + z*z/n, -(2*p + z*z/n), p*p]).real)
const CASES: Array<{ name: string; h: number[]; t: number[] | number; deff: number; lo: number; hi: number }> = [
  { name: 'A: 80 items × 4, five all-hit items, five with one hit', h: [...rep(4, 5), ...rep(1, 5), ...rep(0, 70)], t: 4, deff: 3.34915254, lo: 0.0392078, hi: 0.14965408 },
  { name: 'B: 1319 items × 4, no hit', h: rep(0, 1319), t: 4, deff: 1, lo: 0, hi: 0.00072757 },
  { name: 'C: 300 items × 4, one hit on each of 30 items (under-dispersed: deff floored at 1)', h: [...rep(1, 30), ...rep(0, 270)], t: 4, deff: 1, lo: 0.01756709, hi: 0.03546436 },
  { name: 'D: uneven trials (judge errors)', h: [2, 0, 3, 1, 0, 0, 4, 0, 0, 1], t: [4, 3, 4, 2, 4, 4, 4, 1, 4, 4], deff: 2.28621251, lo: 0.14472136, hi: 0.57478941 },
];

test('clustered Wilson matches the independent Python computation (deff to 1e-7, bounds to 1e-6)', () => {
  for (const c of CASES) {
    const xs = items(c.h, c.t);
    assert.ok(Math.abs(designEffect(xs) - c.deff) < 1e-7, `${c.name}: deff ${designEffect(xs)} vs ${c.deff}`);
    const e = clusteredWilsonRate(xs, 0.95)!;
    assert.ok(Math.abs(e.lo - c.lo) < 1e-6, `${c.name}: lo ${e.lo} vs ${c.lo}`);
    assert.ok(Math.abs(e.hi - c.hi) < 1e-6, `${c.name}: hi ${e.hi} vs ${c.hi}`);
    assert.equal(e.n, c.h.length);
  }
});

// One trial per item: the plain Wilson interval, checked against
//   scipy.stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method='wilson')   (SciPy 1.17.1)
const SCIPY: Array<[number, number, number, number]> = [
  [0, 1319, 0, 0.00290394],
  [0, 80, 0, 0.04581813],
  [4, 1319, 0.00117993, 0.0077716],
  [1, 1319, 0.00013384, 0.004282],
  [200, 1319, 0.13328755, 0.17199579],
];

test('one trial per item reduces to the plain Wilson interval (SciPy binomtest)', () => {
  for (const [k, n, lo, hi] of SCIPY) {
    const e = clusteredWilsonRate(items([...rep(1, k), ...rep(0, n - k)], 1), 0.95)!;
    assert.ok(Math.abs(e.lo - lo) < 1e-6 && Math.abs(e.hi - hi) < 1e-6, `${k}/${n}: [${e.lo}, ${e.hi}] vs [${lo}, ${hi}]`);
  }
});

test('acceptance: 0/1319 has an upper bound above 0.2%, 0/80 above 4%; the value stays 0', () => {
  const z1319 = clusteredWilsonRate(items(rep(0, 1319), 1), 0.95)!;
  assert.equal(z1319.value, 0);
  assert.ok(z1319.hi > 0.002, String(z1319.hi));
  assert.ok(clusteredWilsonRate(items(rep(0, 80), 1), 0.95)!.hi > 0.04);
});

test('clustering widens the interval: the same hits concentrated in few items give a wider interval', () => {
  const spread = clusteredWilsonRate(items([...rep(1, 20), ...rep(0, 80)], 4), 0.95)!;
  const packed = clusteredWilsonRate(items([...rep(4, 5), ...rep(0, 95)], 4), 0.95)!;
  assert.equal(spread.value, packed.value);
  assert.ok(packed.hi - packed.lo > spread.hi - spread.lo);
});

test('nothing judged gives null; items without trials are not resampling units', () => {
  assert.equal(clusteredWilsonRate([], 0.95), null);
  assert.equal(clusteredWilsonRate(items([0, 0], 0), 0.95), null);
  assert.equal(clusteredWilsonRate([{ hits: 1, trials: 1 }, { hits: 0, trials: 0 }], 0.95)!.n, 1);
});
