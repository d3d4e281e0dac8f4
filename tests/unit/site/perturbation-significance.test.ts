import assert from 'node:assert/strict';
import { test } from 'node:test';
import { excludesZero } from '../../../src/lib/metrics/significance.ts';
import { perturbationLayout, type PdRow } from '../../../src/lib/site/charts.ts';

test('a delta is significant only when its interval excludes zero; [0, 0] and intervals touching 0 are not', () => {
  assert.equal(excludesZero({ lo: 0.001, hi: 0.02 }), true);
  assert.equal(excludesZero({ lo: -0.03, hi: -0.001 }), true);
  assert.equal(excludesZero({ lo: 0, hi: 0 }), false);
  assert.equal(excludesZero({ lo: 0, hi: 0.01 }), false);
  assert.equal(excludesZero({ lo: -0.01, hi: 0.02 }), false);
});

test('the perturbation layout carries the significance of every mark to the chart', () => {
  const rows: PdRow[] = [{ id: 'm', name: 'M', family: 'f', deltas: [
    { condition: 'truncated', value: 0.1, lo: 0.05, hi: 0.15, significant: true },
    { condition: 'reference', value: 0.01, lo: -0.02, hi: 0.04, significant: false },
  ] }];
  const L = perturbationLayout(rows, ['truncated', 'reference']);
  assert.deepEqual(L.rows[0]!.marks.map((m) => m?.significant), [true, false]);
});

test('the model page names the interval methods of a summary; v1 summaries (no stamp) say so', async () => {
  const { intervalMethodText } = await import('../../../src/lib/site/interval-text.ts');
  assert.match(intervalMethodText({ intervals: { rate: 'wilson_deff', delta: 'mover_wilson' } }), /Wilson score interval on the effective sample size.*MOVER/);
  assert.match(intervalMethodText({}), /percentile bootstrap over items.*paired percentile bootstrap \(suite v1 methods\)/);
});
