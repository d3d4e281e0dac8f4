import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ResultSummary } from '../../../src/schema/index.ts';
import { poolIntervals, pooledSummaries } from '../../../src/lib/findings/pool.ts';
import { ALL_DATASETS, findings } from '../../../src/lib/findings/findings.ts';

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
