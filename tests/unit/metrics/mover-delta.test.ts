import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moverDifference, moverWilsonDelta } from '../../../src/lib/metrics/mover-delta.ts';
import { excludesZero } from '../../../src/lib/metrics/significance.ts';
import { wilsonInterval } from '../../../src/lib/metrics/wilson.ts';

const near = (x: number, y: number, tol: number, what: string) => assert.ok(Math.abs(x - y) < tol, `${what}: ${x} vs ${y}`);

// Newcombe's hybrid score interval for independent proportions (MOVER with r = 0). The eight examples are those
// of Newcombe (1998), Stat Med 17:873–890, Table II, method 10; values computed with SciPy 1.17.1:
//   w = lambda k, n: scipy.stats.binomtest(k, n).proportion_ci(0.95, 'wilson')
//   (d - sqrt((p1 - w(a, n1).low)**2 + (w(b, n2).high - p2)**2), d + sqrt((w(a, n1).high - p1)**2 + (p2 - w(b, n2).low)**2))
const NEWCOMBE: Array<[number, number, number, number, number, number]> = [
  [56, 70, 48, 80, 0.0524, 0.3339],
  [9, 10, 3, 10, 0.1705, 0.809],
  [6, 7, 2, 7, 0.0582, 0.8062],
  [5, 56, 0, 29, -0.0381, 0.1926],
  [0, 10, 0, 20, -0.1611, 0.2775],
  [0, 10, 0, 10, -0.2775, 0.2775],
  [10, 10, 0, 20, 0.6791, 1],
  [10, 10, 0, 10, 0.6075, 1],
];

test("MOVER with r = 0 reproduces Newcombe's hybrid score interval (Table II examples, 4 decimals)", () => {
  for (const [a, n1, b, n2, lo, hi] of NEWCOMBE) {
    const x = { p: a / n1, ...wilsonInterval(a, n1, 0.95) };
    const y = { p: b / n2, ...wilsonInterval(b, n2, 0.95) };
    const ci = moverDifference(x, y, 0);
    near(ci.lo, lo, 5e-5, `${a}/${n1} − ${b}/${n2} lo`);
    near(ci.hi, hi, 5e-5, `${a}/${n1} − ${b}/${n2} hi`);
  }
});

// Paired data, computed independently in Python (NumPy 2 / SciPy 1.17.1) from the definitions: clustered Wilson
// bounds as roots of the score equation on n_eff (see clustered-wilson.test.ts), residuals r_a = h_a − p1·t_a and
// r_b = h_b − p2·t_b, r = sum(r_a·r_b) / sqrt(sum(r_a²)·sum(r_b²)) (0 when a side has no variance), then
//   L = d − sqrt((p1−l1)² + (u2−p2)² − 2r(p1−l1)(u2−p2)),  U = d + sqrt((u1−p1)² + (p2−l2)² − 2r(u1−p1)(p2−l2))
const bin = (n: number, hit: (i: number) => boolean, trials = 1) => Array.from({ length: n }, (_, i) => ({ hits: hit(i) ? trials : 0, trials }));
const zip = (a: Array<{ hits: number; trials: number }>, b: Array<{ hits: number; trials: number }>) => a.map((x, i) => ({ a: x, b: b[i]! }));

test('paired MOVER matches the independent Python computation', () => {
  const cases: Array<[string, ReturnType<typeof zip>, number, number, number]> = [
    ['4/1319 vs 0/1319', zip(bin(1319, (i) => i < 4), bin(1319, () => false)), 0.0030326, -0.000412, 0.0077716],
    ['200/1319 vs 0/1319', zip(bin(1319, (i) => i < 200), bin(1319, () => false)), 0.15163002, 0.13305909, 0.17199579],
    ['30/100 vs 25/100, 20 shared hits (r = 0.630)', zip(bin(100, (i) => i < 30), bin(100, (i) => i >= 10 && i < 35)), 0.05, -0.02566607, 0.12577659],
    ['4 samples per item vs greedy (r = 0.870)', zip(
      [4, 4, 3, 0, 1, ...new Array<number>(75).fill(0)].map((h) => ({ hits: h, trials: 4 })),
      [1, 1, 0, 0, 0, ...new Array<number>(75).fill(0)].map((h) => ({ hits: h, trials: 1 })),
    ), 0.0125, -0.03011273, 0.05849879],
  ];
  for (const [name, pairs, d, lo, hi] of cases) {
    const r = moverWilsonDelta(pairs, 0.95)!;
    near(r.value, d, 1e-6, `${name} value`);
    near(r.lo, lo, 1e-6, `${name} lo`);
    near(r.hi, hi, 1e-6, `${name} hi`);
  }
});

test('4 extra hits on 1,319 items is not called an effect; 200 is', () => {
  assert.equal(excludesZero(moverWilsonDelta(zip(bin(1319, (i) => i < 4), bin(1319, () => false)), 0.95)!), false);
  assert.equal(excludesZero(moverWilsonDelta(zip(bin(1319, (i) => i < 200), bin(1319, () => false)), 0.95)!), true);
});

test('no paired item → null; items missing on one side are left out', () => {
  assert.equal(moverWilsonDelta([], 0.95), null);
  assert.equal(moverWilsonDelta([{ a: { hits: 1, trials: 1 }, b: { hits: 0, trials: 0 } }], 0.95), null);
  assert.equal(moverWilsonDelta([{ a: { hits: 1, trials: 1 }, b: { hits: 0, trials: 1 } }, { a: { hits: 1, trials: 0 }, b: { hits: 0, trials: 1 } }], 0.95)!.n, 1);
});
