import assert from 'node:assert/strict';
import { test } from 'node:test';
import { spearmanBootstrap, type RhoModel } from '../../../src/lib/metrics/spearman-bootstrap.ts';

const opts = { resamples: 2000, seed: 11, confidence: 0.95 };

/** A model over n items: the first accHits items correct, follow-ups on the first fuHits items. */
function model(n: number, accHits: number, fuHits: number, vectors = true): RhoModel {
  const v = (h: number) => Array.from({ length: n }, (_, i) => (i < h ? '1' : '0')).join('');
  return { acc: { value: accHits / n, n }, fu: { value: fuHits / n, n }, items: vectors ? { acc: v(accHits), fu: v(fuHits) } : null };
}

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

test('without per-item vectors (suite v1) the item level is redrawn from counts; same seed → same interval', () => {
  const ms = Array.from({ length: 6 }, (_, i) => model(200, 40 + 20 * i, 10 + 8 * i, false));
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
