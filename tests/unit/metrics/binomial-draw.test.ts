import assert from 'node:assert/strict';
import { test } from 'node:test';
import { binomialDraw, multinomialDraw } from '../../../src/lib/metrics/binomial-draw.ts';
import { mulberry32 } from '../../../src/lib/metrics/prng.ts';

test('binomial draws have the binomial mean and variance (inversion and normal branches, both tails)', () => {
  const rand = mulberry32(5);
  for (const [n, p] of [[1319, 0.003], [80, 0.1], [1319, 0.5], [1319, 0.97], [300, 0.2], [5, 0.5]] as const) {
    const N = 20_000;
    let s = 0, s2 = 0;
    for (let i = 0; i < N; i++) {
      const x = binomialDraw(n, p, rand);
      assert.ok(Number.isInteger(x) && x >= 0 && x <= n);
      s += x; s2 += x * x;
    }
    const mean = s / N;
    const variance = s2 / N - mean * mean;
    const v = n * p * (1 - p);
    assert.ok(Math.abs(mean - n * p) < 4 * Math.sqrt(v / N), `${n},${p}: mean ${mean} vs ${n * p}`);
    assert.ok(Math.abs(variance / v - 1) < 0.06, `${n},${p}: variance ${variance} vs ${v}`);
  }
  assert.equal(binomialDraw(10, 0, rand), 0);
  assert.equal(binomialDraw(10, 1, rand), 10);
});

test('multinomial draws sum to n, keep empty categories empty and match the expected shares', () => {
  const rand = mulberry32(9);
  const w = [600, 0, 300, 100];
  const tot = [0, 0, 0, 0];
  for (let i = 0; i < 5000; i++) {
    const x = multinomialDraw(1000, w, rand);
    assert.equal(x.reduce((a, b) => a + b, 0), 1000);
    assert.equal(x[1], 0);
    x.forEach((v, j) => { tot[j]! += v; });
  }
  tot.forEach((t, j) => assert.ok(Math.abs(t / 5e6 - w[j]! / 1000) < 0.002, `${j}: ${t / 5e6}`));
});
