import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import { scatterPoints } from '../../../src/lib/site/chart-data.ts';
import { rhoText, rhoVerdict } from '../../../src/lib/site/rho-text.ts';
import { samples, summarize } from '../../helpers/greedy-summary.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const v1 = await loadSuite(join(root, 'benchmark/suites/v1.yaml'));
const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
const model = (suite: typeof v1, id: string, n: number, correct: number, hits: number) =>
  ResultSummary.parse(summarize(suite, samples(n, hits, correct), id));

test('the one-hit regime: rates all zero but one give a point ρ, and the site says it cannot be told from zero', () => {
  const S = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((a, i) => model(v2, `m${i}`, 1319, Math.round(a * 1319), i === 5 ? 1 : 0));
  const { points, rho, rhoCI } = scatterPoints(S, 'gsm8k');
  assert.equal(points.length, 6);
  assert.ok(rho! > 0.6);
  assert.equal(rhoCI.includes_zero, true);
  assert.match(rhoVerdict(rhoCI), /cannot be told from zero/);
  assert.match(rhoText(rhoCI), /^0\.65 \[95% CI −?\d\.\d\d, \d\.\d\d\]$/);
});

test('a clear association over per-item vectors excludes zero, and v1 summaries (no vectors) still get an interval', () => {
  const S = Array.from({ length: 7 }, (_, i) => model(v2, `m${i}`, 300, 60 + 30 * i, 10 + 12 * i));
  const r = scatterPoints(S, 'gsm8k').rhoCI;
  assert.equal(r.rho, 1);
  assert.equal(r.includes_zero, false);
  assert.match(rhoVerdict(r), /excludes 0 \(a positive association\)/);
  const old = scatterPoints(Array.from({ length: 7 }, (_, i) => model(v1, `m${i}`, 300, 60 + 30 * i, 10 + 12 * i)), 'gsm8k').rhoCI;
  assert.ok(old.lo !== null && old.hi !== null);
});

test('fewer than three models: no ρ, said in words', () => {
  const r = scatterPoints([model(v2, 'a', 50, 10, 1), model(v2, 'b', 50, 20, 2)], 'gsm8k').rhoCI;
  assert.match(rhoText(r), /not defined/);
  assert.match(rhoVerdict(r), /no correlation/);
});

test('the count of resamples without ρ says which condition it belongs to', async () => {
  const { degenerateNote } = await import('../../../src/lib/site/rho-text.ts');
  const base = { rho: null, lo: 0, hi: 0, includes_zero: true, resamples: 2000 };
  // All greedy rates zero (every resample degenerate), the sampled condition has an interval with none.
  const note = degenerateNote([['greedy', { ...base, degenerate: 2000 }], ['t1.0', { ...base, rho: 0.7, lo: -0.2, hi: 0.8, degenerate: 0 }]]);
  assert.equal(note, ' (greedy: 2000 of 2000 resamples here)');
  assert.equal(degenerateNote([['greedy', { ...base, degenerate: 0 }]]), '');
  assert.equal(
    degenerateNote([['greedy', { ...base, degenerate: 2000 }], ['t1.0', { ...base, rho: 0.7, degenerate: 12 }]]),
    ' (greedy: 2000 of 2000 resamples, t1.0: 12 of 2000 here)',
  );
});
