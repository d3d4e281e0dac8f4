import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CSV_COLUMNS, csvCell } from '../../../src/lib/site/csv.ts';

test('CSV cells are quoted per RFC 4180 and text formulas are neutralised', () => {
  assert.equal(csvCell('plain', true), 'plain');
  assert.equal(csvCell('a,b', true), '"a,b"');
  assert.equal(csvCell('say "hi"', true), '"say ""hi"""');
  assert.equal(csvCell('=HYPERLINK("x")', true), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvCell(-0.25), '-0.25');
  assert.equal(csvCell(null), '');
  assert.equal(new Set(CSV_COLUMNS.map(([c]) => c)).size, CSV_COLUMNS.length);
});

test('CSV rows carry the delta significance and the interval methods, v1 summaries named as v1 methods', async () => {
  const { join } = await import('node:path');
  const { loadSuite } = await import('../../../runners/judge/rejudge/load-result.ts');
  const { samples, summarize } = await import('../../helpers/greedy-summary.ts');
  const { summariesToCsv } = await import('../../../src/lib/site/csv.ts');
  const root = join(import.meta.dirname, '..', '..', '..');
  const cols = CSV_COLUMNS.map(([c]) => c);
  const row = (csv: string) => Object.fromEntries(csv.trim().split('\n')[1]!.split(',').map((v, i) => [cols[i], v]));
  const v2 = row(summariesToCsv([summarize(await loadSuite(join(root, 'benchmark/suites/v2.yaml')), samples(4, 1, 1))]));
  assert.deepEqual([v2.condition, v2.interval_rate, v2.interval_delta, v2.delta_significant], ['greedy', 'wilson_deff', 'mover_wilson', '']);
  const v1 = row(summariesToCsv([summarize(await loadSuite(join(root, 'benchmark/suites/v1.yaml')), samples(4, 1, 1))]));
  assert.deepEqual([v1.interval_rate, v1.interval_delta], ['percentile_bootstrap', 'paired_bootstrap']);
});
