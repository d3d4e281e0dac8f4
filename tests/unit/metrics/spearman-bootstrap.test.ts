import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mulberry32 } from '../../../src/lib/metrics/prng.ts';
import { spearmanBootstrap, type RhoModel } from '../../../src/lib/metrics/spearman-bootstrap.ts';

const opts = { resamples: 2000, seed: 11, confidence: 0.95 };

/** A model over n items with accHits correct answers and fuHits genuine follow-ups. */
function model(n: number, accHits: number, fuHits: number): RhoModel {
  return { acc: { value: accHits / n, n }, fu: { value: fuHits / n, n } };
}

// The 12 synthetic models (36 items each, GSM8K + IFEval + IFBench pooled, t1.0) on which the home page once read
// "ρ = 0.85 [−0.10, 0.84]": the old two-level bootstrap redrew each model's items, attenuating every replicate.
const TWELVE: Array<[number, number]> = [[17, 0.020833], [26, 0.166375], [29, 0.180556], [26, 0.099602], [18, 0.076389], [23, 0.145979],
  [23, 0.090278], [16, 0.0625], [23, 0.083333], [31, 0.132139], [20, 0.055556], [19, 0.069444]];

test('the point ρ lies inside its own interval on the 12 models where it once did not', () => {
  const r = spearmanBootstrap(TWELVE.map(([a, f]) => ({ acc: { value: a / 36, n: 36 }, fu: { value: f, n: 36 } })), opts);
  assert.ok(Math.abs(r.rho! - 0.8501) < 1e-3, JSON.stringify(r));
  assert.ok(r.lo! <= r.rho! && r.rho! <= r.hi!, JSON.stringify(r));
  assert.equal(r.includes_zero, false);
});

test('over 40 random sets of 5–20 noisy models, every point ρ lies inside its interval', () => {
  const rand = mulberry32(7);
  for (let t = 0; t < 40; t++) {
    const m = 5 + Math.floor(rand() * 16);
    const n = 12 + Math.floor(rand() * 40);
    const ms = Array.from({ length: m }, () => {
      const a = rand();
      const hits = (p: number) => Array.from({ length: n }, () => (rand() < p ? 1 : 0) as number).reduce((s, x) => s + x, 0);
      return model(n, hits(a), hits(Math.max(0, Math.min(1, 0.3 * a + 0.2 * (rand() - 0.5)))));
    });
    const r = spearmanBootstrap(ms, { ...opts, resamples: 500, seed: t });
    if (r.rho === null) continue;
    assert.ok(r.lo! <= r.rho && r.rho <= r.hi!, `set ${t}: ${JSON.stringify(r)}`);
  }
});

test('a strong monotone association over 8 models of 500 items: the interval excludes zero', () => {
  const ms = Array.from({ length: 8 }, (_, i) => model(500, 50 + 50 * i, 25 + 25 * i));
  const r = spearmanBootstrap(ms, opts);
  assert.equal(r.rho, 1);
  assert.ok(r.lo! > 0, JSON.stringify(r));
  assert.equal(r.includes_zero, false);
});

test('decided by one hit: rates all zero but one (1/1319) give a point ρ but an interval that contains zero', () => {
  // Point ρ from scipy.stats.spearmanr([.4, .5, .6, .7, .8, .9], [0, 0, 0, 0, 0, 1/1319]).statistic = 0.6546536707079772
  const ms = [0.4, 0.5, 0.6, 0.7, 0.8, 0.9].map((a, i) => model(1319, Math.round(a * 1319), i === 5 ? 1 : 0));
  const r = spearmanBootstrap(ms, opts);
  assert.ok(Math.abs(r.rho! - 0.6546536707079772) < 1e-6);
  assert.equal(r.includes_zero, true, JSON.stringify(r));
  assert.ok(r.degenerate > 0);
});

test('same seed → same interval', () => {
  const ms = Array.from({ length: 6 }, (_, i) => model(200, 40 + 20 * i, 10 + 8 * i));
  const a = spearmanBootstrap(ms, opts);
  assert.deepEqual(spearmanBootstrap(ms, opts), a);
  assert.ok(a.lo !== null && a.hi !== null && a.lo <= a.rho! && a.rho! <= a.hi);
});

test('no relation (follow-up shuffled against accuracy) cannot be told from zero', () => {
  const fu = [30, 5, 22, 12, 40, 18, 8, 27];
  const ms = fu.map((f, i) => model(300, 60 + 20 * i, f));
  const r = spearmanBootstrap(ms, opts);
  assert.equal(r.includes_zero, true, JSON.stringify(r));
});

test('fewer than three models: ρ undefined, no interval, reported as not distinguishable from zero', () => {
  const r = spearmanBootstrap([model(10, 5, 1), model(10, 6, 2)], opts);
  assert.deepEqual([r.rho, r.lo, r.hi, r.includes_zero], [null, null, null, true]);
});
