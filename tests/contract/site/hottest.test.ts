/** "Sampled" / "highest temperature" means one condition per dataset, chosen by numeric temperature. */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { leaderboardRows, sampledCondition, sampledConditions } from '../../../src/lib/site/leaderboard.ts';

function synthetic(dir: string, models: number): void {
  execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', String(models), '--items', '3'], { stdio: 'ignore' });
}
const summaryFiles = (dir: string) => readdirSync(dir).sort().map((m) => join(dir, m, 'summary.json'));

test('the leaderboard\'s sampled column is one condition for every row: a model without it shows no sampled rate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-hot-'));
  try {
    synthetic(dir, 3);
    const S = summaryFiles(dir).map((f) => ResultSummary.parse(JSON.parse(readFileSync(f, 'utf8'))));
    // The first model ran gsm8k without t1.0 (e.g. a partial run): its hottest condition is t0.7.
    const gsm = S[0]!.datasets.find((d) => d.dataset === 'gsm8k')!;
    gsm.conditions = gsm.conditions.filter((c) => c.condition !== 't1.0');
    const rows = leaderboardRows(S, 'gsm8k');
    const partial = rows.find((r) => r.id === S[0]!.submission.id)!;
    assert.deepEqual([...new Set(rows.filter((r) => r.hot).map((r) => r.hot_condition))], ['t1.0']);
    assert.equal(partial.hot, null, 'a t0.7 rate is not shown in the t1.0 column');
    assert.equal(partial.any_k, null);
    // The condition selector: the default (hottest) first; another condition fills the same columns for every row.
    assert.deepEqual(sampledConditions(S, 'gsm8k'), ['t1.0', 't0.7']);
    const cooler = leaderboardRows(S, 'gsm8k', new Set(), 't0.7');
    assert.deepEqual([...new Set(cooler.map((r) => r.hot_condition))], ['t0.7']);
    assert.ok(cooler.find((r) => r.id === S[0]!.submission.id)!.hot, 'the partial run has a t0.7 rate');
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('the decoupling chart\'s sampled condition is the one with the highest temperature as a number (1.5 > 1)', () => {
  // Summaries are read in memory: a built site takes each condition's temperature from its suite (the build recomputes
  // every figure of a summary from its samples and the suite), and no suite has a condition at 1.5 yet.
  const dir = mkdtempSync(join(tmpdir(), 'ut-hot-'));
  try {
    synthetic(dir, 3);
    const S = summaryFiles(dir).map((f) => ResultSummary.parse(JSON.parse(readFileSync(f, 'utf8'))));
    // Sampled conditions at temperatures 1 and 1.5: as strings "1|…" sorts after "1.5|…".
    for (const s of S) for (const d of s.datasets) for (const c of d.conditions) if (c.condition === 't0.7') c.temperature = 1.5;
    // The decoupling chart's page asks sampledCondition which condition its statistic is "under".
    assert.equal(sampledCondition(S, 'gsm8k'), 't0.7');
  } finally { rmSync(dir, { recursive: true, force: true }); }
});
