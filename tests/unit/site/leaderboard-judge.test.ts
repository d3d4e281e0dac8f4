import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import { judgesText, leaderboardRows } from '../../../src/lib/site/leaderboard.ts';
import { samples, summarize } from '../../helpers/greedy-summary.ts';

const v2 = await loadSuite(join(import.meta.dirname, '..', '..', '..', 'benchmark/suites/v2.yaml'));
const model = (id: string, primary?: string) => {
  const s = ResultSummary.parse(summarize(v2, samples(40, 2, 20), id));
  return primary ? { ...s, provenance: { ...s.provenance, primary_judge: primary } } : s;
};

test('the leaderboard says whose labels its rates count: one judge by name, several as each model\'s primary judge', () => {
  assert.equal(judgesText(leaderboardRows([model('a'), model('b')], 'gsm8k')), 'labels by the judge heuristic:test');
  assert.equal(judgesText(leaderboardRows([model('a'), model('b', 'llm:gpt-x'), model('c')], 'gsm8k')),
    "labels by each model's primary judge (2 judges: heuristic:test, llm:gpt-x)");
  // Rows without results on the dataset name no judge.
  assert.equal(judgesText(leaderboardRows([model('a')], 'ifeval')), '');
});
