import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exactMcNemar, fisherExact, holmAdjust } from '../../../src/lib/metrics/exact-tests.ts';

const close = (a: number, b: number, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(Math.abs(b), 1e-300);

// Reference: scipy.stats.binomtest(b, b + c, 0.5).pvalue   (SciPy 1.17.1; 1.0 when b + c = 0)
const MCNEMAR: Array<[number, number, number]> = [
  [4, 0, 0.125],
  [200, 0, 1.2446030555722283e-60],
  [10, 3, 0.09228515625],
  [7, 7, 1.0],
  [0, 0, 1.0],
  [700, 619, 0.027573696259397113],
  [30, 12, 0.007915897334896727],
];

test('exact McNemar matches SciPy binomtest, both directions', () => {
  for (const [b, c, p] of MCNEMAR) {
    assert.ok(close(exactMcNemar(b, c), p), `${b},${c}: ${exactMcNemar(b, c)} vs ${p}`);
    assert.ok(close(exactMcNemar(c, b), p), `${c},${b}`);
  }
});

// Reference: scipy.stats.fisher_exact([[a, b], [c, d]]).pvalue   (SciPy 1.17.1)
const FISHER: Array<[number, number, number, number, number]> = [
  [4, 1315, 0, 1319, 0.12471563986158153],
  [200, 1119, 0, 1319, 3.522865321562373e-64],
  [3, 77, 0, 80, 0.24528301886792453],
  [12, 68, 4, 76, 0.062316075792697864],
  [50, 1269, 40, 1279, 0.3344333733969349],
];

test("Fisher's exact test matches SciPy fisher_exact", () => {
  for (const [a, b, c, d, p] of FISHER) assert.ok(close(fisherExact(a, b, c, d), p, 1e-8), `${a},${b},${c},${d}: ${fisherExact(a, b, c, d)} vs ${p}`);
});

test('Holm: hand-computed adjusted p-values (sorted 0.01, 0.02, 0.03, 0.5 → ×4, ×3, ×2, ×1, monotone)', () => {
  // 0.01·4 = 0.04; 0.02·3 = 0.06; 0.03·2 = 0.06; 0.5·1 = 0.5. Input order is kept.
  const adj = holmAdjust([0.03, 0.5, 0.01, 0.02]);
  const want = [0.06, 0.5, 0.04, 0.06];
  adj.forEach((x, i) => assert.ok(Math.abs(x - want[i]!) < 1e-12, `${i}: ${x}`));
  // Monotonicity: sorted 0.04·3 = 0.12, then 0.045·2 = 0.09 is lifted to 0.12; capped at 1.
  assert.deepEqual(holmAdjust([0.045, 0.04, 0.9]).map((x) => Math.round(x * 1e9) / 1e9), [0.12, 0.12, 0.9]);
  assert.deepEqual(holmAdjust([0.6, 0.7]), [1, 1]);
  assert.deepEqual(holmAdjust([]), []);
});
