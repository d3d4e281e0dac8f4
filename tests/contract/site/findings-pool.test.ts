import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { poolIntervals, pooledSummaries } from '../../../src/lib/findings/pool.ts';
import { ALL_DATASETS, findings } from '../../../src/lib/findings/findings.ts';
import { perturbationRows, scatterPoints } from '../../../src/lib/site/chart-data.ts';
import type { ScPoint } from '../../../src/lib/site/charts.ts';
import { HOME_CHART_MODELS } from '../../../src/lib/site/home-scale.ts';

function synthetic(models: number, seed: number): ResultSummary[] {
  const dir = mkdtempSync(join(tmpdir(), 'ut-findings-'));
  try {
    execFileSync(process.execPath, ['bench/synthetic/generate.ts', '--out', dir, '--models', String(models), '--items', '10', '--seed', String(seed)], { stdio: 'ignore' });
    return readdirSync(dir).filter((m) => existsSync(join(dir, m, 'summary.json'))).sort().map((m) => ResultSummary.parse(JSON.parse(readFileSync(join(dir, m, 'summary.json'), 'utf8'))));
  } finally { rmSync(dir, { recursive: true, force: true }); }
}

test('poolIntervals: weighted mean, variances of independent strata read back from each interval, clamped', () => {
  const z = 1.959964;
  const p = poolIntervals([{ est: { value: 0.2, lo: 0.1, hi: 0.3, n: 10 }, weight: 1 }, { est: { value: 0.4, lo: 0.3, hi: 0.5, n: 30 }, weight: 3 }])!;
  const half = z * Math.sqrt((0.25 * 0.2 / (2 * z)) ** 2 + (0.75 * 0.2 / (2 * z)) ** 2);
  assert.equal(p.value, 0.35);
  assert.ok(Math.abs(p.lo - (0.35 - half)) < 1e-6 && Math.abs(p.hi - (0.35 + half)) < 1e-6);
  assert.equal(p.n, 40);
  assert.equal(poolIntervals([{ est: { value: 0.01, lo: 0, hi: 0.2, n: 5 }, weight: 1 }])!.lo, 0);
  assert.equal(poolIntervals([]), null);
});

const S = synthetic(6, 1);
const datasets = [...new Set(S.flatMap((s) => s.datasets.map((d) => d.dataset)))];

test('pooled summaries: follow-up is sum(hits) / sum(judged) over every dataset, item vectors concatenated in order', () => {
  const pooled = pooledSummaries(S, datasets);
  assert.equal(pooled.length, S.length);
  for (const [i, s] of S.entries()) {
    const d = pooled[i]!.datasets[0]!;
    assert.equal(d.dataset, ALL_DATASETS);
    assert.equal(d.item_ids.length, s.datasets.reduce((n, x) => n + x.item_ids.length, 0));
    const g = d.conditions.find((c) => c.condition === 'greedy')!;
    const parts = s.datasets.map((x) => x.conditions.find((c) => c.condition === 'greedy')!);
    const hits = parts.reduce((n, c) => n + c.labels.genuine_followup, 0);
    const judged = parts.reduce((n, c) => n + c.n_judged, 0);
    assert.ok(Math.abs(g.followup!.value - hits / judged) < 1e-4, `${s.submission.id}: ${g.followup!.value} vs ${hits / judged}`);
    assert.equal(g.labels.genuine_followup, hits);
    if (parts.every((c) => c.item_hits !== undefined)) assert.equal(g.item_hits, parts.map((c) => c.item_hits).join(''));
    const hot = s.datasets.map((x) => x.conditions.find((c) => c.condition === 't1.0')!.item_counts);
    assert.ok(hot.every((c) => c !== undefined), 'synthetic v2 results carry per-item counts');
    assert.equal(d.conditions.find((c) => c.condition === 't1.0')!.item_counts, hot.join(','));
    assert.ok(g.followup!.lo <= g.followup!.value && g.followup!.value <= g.followup!.hi);
  }
  // Accuracy is pooled only where every pooled dataset has one (conversation sets have none).
  assert.ok(pooledSummaries(S, ['mt_bench']).every((s) => s.datasets[0]!.accuracy === null));
});

test('findings: four sentences for the pool and per dataset; two different result sets give different sentences', () => {
  const a = findings(S, ALL_DATASETS, datasets, 't1.0');
  const T = synthetic(9, 7);
  const b = findings(T, ALL_DATASETS, datasets, 't1.0');
  const sentences = (f: typeof a) => [f.decoupling.find((v) => v.key === 't1.0')!.sentence, f.slope.sentence, f.perturbations.sentence, f.failures.sentence];
  assert.deepEqual(a.decoupling.map((v) => v.key), ['greedy', 't0.7', 't1.0', 'any-of-k']);
  assert.equal(a.slope.condition, 't1.0');
  for (const [i, s] of sentences(a).entries()) assert.notEqual(s, sentences(b)[i], `finding ${i} should change with the data`);
  assert.match(a.decoupling[0]!.sentence, /across 6 models under greedy/);
  assert.match(findings(S, 'gsm8k', datasets, null).slope.sentence, /^Under t1\.0, /);
});

test('findings with many models: the charts draw the extremes, the sentences still count every model', () => {
  const many = synthetic(HOME_CHART_MODELS + 6, 3);
  const n = many.length;
  const f = findings(many, ALL_DATASETS, datasets, 't1.0');
  for (const v of f.decoupling) {
    assert.equal(v.total, n);
    assert.equal(v.points.length, HOME_CHART_MODELS);
    assert.match(v.sentence, new RegExp(`across ${n} models`));
  }
  const withAcc = datasets.filter((ds) => many.some((s) => s.datasets.find((d) => d.dataset === ds)?.accuracy));
  const all = scatterPoints(pooledSummaries(many, withAcc), ALL_DATASETS, 'greedy').points;
  const drawn = f.decoupling[0]!.points;
  for (const pick of [(p: ScPoint) => p.fu.value, (p: ScPoint) => p.acc.value]) {
    assert.equal(Math.max(...drawn.map(pick)), Math.max(...all.map(pick)), 'the highest value is drawn');
    assert.equal(Math.min(...drawn.map(pick)), Math.min(...all.map(pick)), 'the lowest value is drawn');
  }
  assert.equal(f.slope.total, n);
  assert.equal(f.slope.rows.length, HOME_CHART_MODELS);
  assert.match(f.slope.sentence, new RegExp(`of ${n} models`));
  assert.equal(f.perturbations.total, n);
  assert.equal(f.perturbations.rows.length, HOME_CHART_MODELS);
  // Drawn rows keep the order of the full chart (grouped by family).
  const full = perturbationRows(pooledSummaries(many, datasets), ALL_DATASETS, f.perturbations.conditions).map((r) => r.id);
  const ids = f.perturbations.rows.map((r) => r.id);
  assert.deepEqual(ids, full.filter((id) => ids.includes(id)));
});
