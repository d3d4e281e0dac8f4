import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import { leaderboardRows } from '../../../src/lib/site/leaderboard.ts';
import { leaderboardGroups } from '../../../src/lib/site/rank.ts';
import { buildSummary } from '../../../src/lib/build-summary.ts';
import { samples, sampledSamples, summarize, summarizeInput } from '../../helpers/greedy-summary.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const v1 = await loadSuite(join(root, 'benchmark/suites/v1.yaml'));
const v2 = await loadSuite(join(root, 'benchmark/suites/v2.yaml'));
const model = (suite: typeof v1, id: string, hits: number) => ResultSummary.parse(summarize(suite, samples(1319, hits, 700), id));

test('leaderboard (suite v2 results): 4/1319 and 0/1319 share rank group 1, paired on the 1,319 shared items', () => {
  const S = [model(v2, 'four', 4), model(v2, 'zero', 0)];
  const { byId, tests } = leaderboardGroups(S, 'gsm8k');
  assert.deepEqual([byId.get('four'), byId.get('zero')], [1, 1]);
  assert.equal(tests[0]!.test, 'mcnemar');
  assert.equal(tests[0]!.shared, 1319);
  assert.equal(tests[0]!.p, 0.125);
});

test('leaderboard: 200/1319 is ranked above 0/1319 and 4/1319 (group 1 vs group 2)', () => {
  const rows = leaderboardRows([model(v2, 'zero', 0), model(v2, 'many', 200), model(v2, 'four', 4)], 'gsm8k');
  assert.deepEqual(rows.map((r) => [r.id, r.group]), [['many', 1], ['four', 2], ['zero', 2]]);
});

test('suite v1 results (no per-item hits) still get groups, from Fisher on counts; mixed v1/v2 pairs too', () => {
  const { byId, tests } = leaderboardGroups([model(v1, 'four', 4), model(v1, 'zero', 0), model(v2, 'many', 200)], 'gsm8k');
  assert.deepEqual([byId.get('four'), byId.get('zero'), byId.get('many')], [2, 2, 1]);
  assert.ok(tests.every((t) => t.test === 'fisher'));
});

/** A model with greedy 0/40 and t1.0 at 4 samples per item, genuine where `hit(item, sample)`. */
const atT1 = (suite: typeof v1, id: string, hit: (i: number, j: number) => boolean) =>
  ResultSummary.parse(buildSummary({ ...summarizeInput(suite, id), samples: { gsm8k: [...samples(40, 0, 20), ...sampledSamples(40, 4, hit)] } }));

test('leaderboard on t1.0 (suite v2): 1 of 4 samples on 12 of 40 items against none is two rank groups, paired over items', () => {
  const S = [atT1(v2, 'none', () => false), atT1(v2, 'some', (i, j) => i < 12 && j === 0)];
  const rates = S.map((s) => s.datasets[0]!.conditions.find((c) => c.condition === 't1.0')!.followup!);
  assert.ok(rates[0]!.hi < rates[1]!.lo, `the intervals do not overlap: ${JSON.stringify(rates)}`);
  const { byId, tests } = leaderboardGroups(S, 'gsm8k', 't1.0');
  assert.deepEqual([byId.get('none'), byId.get('some')], [2, 1]);
  assert.equal(tests[0]!.test, 'sign_flip');
  assert.equal(tests[0]!.shared, 40);
});

test('leaderboard on t1.0: 20/160 against 4/160 concentrated on 5 items against 1 is one rank group', () => {
  const S = [atT1(v2, 'five', (i) => i < 5), atT1(v2, 'one', (i) => i === 39)];
  const { byId, tests } = leaderboardGroups(S, 'gsm8k', 't1.0');
  assert.deepEqual([byId.get('five'), byId.get('one')], [1, 1]);
  assert.equal(tests[0]!.test, 'sign_flip');
});

test('sampled results without per-item counts (older v2 summaries, suite v1) rank as before: Fisher on counts scaled to items', () => {
  const older = (s: ResultSummary): ResultSummary => ResultSummary.parse({ ...s, datasets: s.datasets.map((d) => ({ ...d, conditions: d.conditions.map(({ item_counts: _, ...c }) => c) })) });
  const S = [older(atT1(v2, 'none', () => false)), older(atT1(v2, 'some', (i, j) => i < 12 && j === 0))];
  const { byId, tests } = leaderboardGroups(S, 'gsm8k', 't1.0');
  assert.deepEqual([byId.get('none'), byId.get('some')], [1, 1]);
  assert.equal(tests[0]!.test, 'fisher');
  const V1 = [atT1(v1, 'none', () => false), atT1(v1, 'some', (i, j) => i < 12 && j === 0)];
  assert.ok(V1.every((s) => s.datasets[0]!.conditions.every((c) => c.item_counts === undefined)));
  assert.equal(leaderboardGroups(V1, 'gsm8k', 't1.0').tests[0]!.test, 'fisher');
});
