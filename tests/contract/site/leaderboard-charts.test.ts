import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { hottest, leaderboardRows, queuedModels, rankConditionOf } from '../../../src/lib/site/leaderboard.ts';
import { failureProfileModels, perturbationConditions, perturbationRows, scatterPoints, temperatureSeries } from '../../../src/lib/site/chart-data.ts';
import { failureProfileLayout, perturbationLayout, scatterLayout, temperaturePanels } from '../../../src/lib/site/charts.ts';

function load(): ResultSummary[] {
  const dir = mkdtempSync(join(tmpdir(), 'ut-lb-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', '16', '--items', '20'], { stdio: 'ignore' });
    return readdirSync(dir).sort().map((m) => ResultSummary.parse(JSON.parse(readFileSync(join(dir, m, 'summary.json'), 'utf8'))));
  } finally { rmSync(dir, { recursive: true, force: true }); }
}
const S = load();

test('leaderboard rows: models with results only, ranked by rank group on the suite\'s rank condition then its rate; queued submissions apart', () => {
  const rows = leaderboardRows(S, 'gsm8k', new Set(), 't1.0');
  assert.equal(rows.length, S.length);
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    assert.ok(a.group! < b.group! || (a.group === b.group && a.hot!.value >= b.hot!.value), `${a.id} before ${b.id}`);
  }
  const queued = queuedModels(S, [{ id: 'not-run-yet', display_name: 'Not run', family: 'x', total_b: 1, active_b: 1 }, { id: S[0]!.submission.id, display_name: 'dup', family: 'x', total_b: 1, active_b: 1 }]);
  assert.deepEqual(queued.map((q) => q.id), ['not-run-yet']);
  assert.equal(rankConditionOf(S, 'gsm8k', 't1.0'), 't1.0');
  assert.equal(rankConditionOf(S, 'gsm8k', 'absent'), 't1.0', 'falls back to the hottest condition');
  assert.equal(rankConditionOf(S, 'gsm8k', null), 't1.0');
  const ranked = rows.filter((r) => r.group !== null);
  for (let i = 1; i < ranked.length; i++) assert.ok(ranked[i - 1]!.group! <= ranked[i]!.group!);
  assert.equal(ranked[0]!.group, 1);
  assert.equal(rows[0]!.hot_condition, 't1.0');
  assert.equal(hottest(S[0]!.datasets[0]!.conditions)?.condition, 't1.0');
  assert.ok(rows.every((r) => r.labels.length === 7));
  // Conversation sets have no accuracy.
  assert.ok(leaderboardRows(S, 'mt_bench').every((r) => r.accuracy === null));
});

test('chart data and layouts are finite and complete', () => {
  const fp = failureProfileModels(S, 'gsm8k', 'greedy');
  assert.ok(fp.some((m) => m.id.startsWith('family:')), 'pooled family rows');
  const fl = failureProfileLayout(fp);
  assert.equal(fl.rows.length, fp.length);
  for (const r of fl.rows) {
    const w = r.segs.reduce((s, x) => s + x.w, 0);
    const full = fl.ticks.find((t) => t.v === 1)!.pos - fl.barX;
    assert.ok(r.total === 0 || Math.abs(w - full) < 1e-6, 'segments fill the bar');
  }
  const sc = scatterPoints(S, 'gsm8k');
  assert.equal(sc.points.length, S.length);
  assert.ok(sc.rho !== null && sc.rho >= -1 && sc.rho <= 1);
  assert.equal(scatterPoints(S, 'mt_bench').points.length, 0, 'no accuracy on conversation sets');
  for (const p of scatterLayout(sc.points).points) for (const v of [p.cx, p.cy, p.r, p.xlo, p.xhi, p.ylo, p.yhi]) assert.ok(Number.isFinite(v));
  const ts = temperatureSeries(S, 'gsm8k');
  assert.deepEqual(ts[0]!.points.map((p) => p.t), [0, 0.7, 1]);
  for (const panel of temperaturePanels(ts)) for (const s of panel.series) assert.match(s.path, /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)+$/);
  const conds = perturbationConditions(S, 'gsm8k');
  assert.deepEqual(conds, ['truncated', 'generic_question', 'reference']);
  assert.deepEqual(perturbationConditions(S, 'ifeval'), ['truncated', 'generic_question']);
  const pl = perturbationLayout(perturbationRows(S, 'gsm8k', conds), conds);
  assert.equal(pl.panels.length, 3);
  for (const r of pl.rows) for (const m of r.marks) if (m) assert.ok(m.lo <= m.cx + 1e-9 && m.cx <= m.hi + 1e-9);
});
