import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import { leaderboardRows } from '../../../src/lib/site/leaderboard.ts';
import { leaderboardGroups } from '../../../src/lib/site/rank.ts';
import { samples, summarize } from '../../helpers/greedy-summary.ts';

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
