import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { anyOfK, bootstrapRate, pairedDelta } from '../../../src/lib/metrics/bootstrap.ts';
import { hashSeed, mulberry32 } from '../../../src/lib/metrics/prng.ts';
import { quantileSorted } from '../../../src/lib/metrics/quantile.ts';
import { ranks, spearman } from '../../../src/lib/metrics/spearman.ts';

const opts = { resamples: 2000, seed: 7, confidence: 0.95 };

describe('seeded PRNG', () => {
  it('is deterministic and uniform enough', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 10_000 }, () => a());
    assert.deepEqual(xs.slice(0, 5), Array.from({ length: 5 }, () => b()));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    assert.ok(Math.abs(mean - 0.5) < 0.02);
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    assert.notEqual(hashSeed('gsm8k', 'greedy'), hashSeed('gsm8k', 't0.7'));
  });
});

describe('item bootstrap of a rate', () => {
  it('pooled rate, CI around it, same seed → same CI', () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ hits: i % 4 === 0 ? 1 : 0, trials: 1 }));
    const e = bootstrapRate(items, opts)!;
    assert.equal(e.value, 0.25);
    assert.equal(e.n, 200);
    assert.ok(e.lo < 0.25 && e.hi > 0.25 && e.lo > 0.15 && e.hi < 0.35, JSON.stringify(e));
    assert.deepEqual(bootstrapRate(items, opts), e);
  });

  it('keeps the samples of an item together: clustered items give a wider CI than independent samples', () => {
    // 50 items × 4 samples, all-or-nothing per item, vs 200 independent samples with the same rate.
    const clustered = Array.from({ length: 50 }, (_, i) => ({ hits: i % 2 === 0 ? 4 : 0, trials: 4 }));
    const independent = Array.from({ length: 200 }, (_, i) => ({ hits: i % 2, trials: 1 }));
    const c = bootstrapRate(clustered, opts)!;
    const d = bootstrapRate(independent, opts)!;
    assert.equal(c.value, 0.5);
    assert.equal(c.n, 50);
    assert.ok(c.hi - c.lo > (d.hi - d.lo) * 1.5, `${c.hi - c.lo} vs ${d.hi - d.lo}`);
  });

  it('null when nothing was measured (never 0); degenerate rates give a zero-width CI', () => {
    assert.equal(bootstrapRate([], opts), null);
    assert.equal(bootstrapRate([{ hits: 0, trials: 0 }], opts), null);
    assert.deepEqual(bootstrapRate([{ hits: 0, trials: 3 }, { hits: 0, trials: 1 }], opts), { value: 0, lo: 0, hi: 0, n: 2 });
  });

  it('any-of-k counts items with at least one hit', () => {
    const e = anyOfK([{ hits: 0, trials: 4 }, { hits: 1, trials: 4 }, { hits: 4, trials: 4 }, { hits: 0, trials: 0 }], opts)!;
    assert.equal(e.n, 3);
    assert.ok(Math.abs(e.value - 2 / 3) < 1e-6);
  });
});

describe('paired bootstrap delta', () => {
  it('difference of rates over paired items with a CI that excludes 0 for a clear effect', () => {
    const pairs = Array.from({ length: 100 }, (_, i) => ({ a: { hits: i < 60 ? 1 : 0, trials: 1 }, b: { hits: i < 20 ? 1 : 0, trials: 1 } }));
    const d = pairedDelta(pairs, opts)!;
    assert.ok(Math.abs(d.value - 0.4) < 1e-9);
    assert.ok(d.lo > 0.25 && d.hi < 0.55, JSON.stringify(d));
    assert.equal(pairedDelta([], opts), null);
  });
  it('identical conditions give a delta of exactly 0', () => {
    const pairs = Array.from({ length: 30 }, (_, i) => ({ a: { hits: i % 3 === 0 ? 1 : 0, trials: 1 }, b: { hits: i % 3 === 0 ? 1 : 0, trials: 1 } }));
    assert.deepEqual(pairedDelta(pairs, opts), { value: 0, lo: 0, hi: 0, n: 30 });
  });
});

describe('Spearman, kappa, quantiles', () => {
  it('spearman: monotone = 1, reversed = -1, ties ranked by average', () => {
    assert.equal(spearman([1, 2, 3, 4], [10, 20, 30, 400]), 1);
    assert.equal(spearman([1, 2, 3, 4], [4, 3, 2, 1]), -1);
    assert.deepEqual(ranks([5, 1, 5, 3]), [3.5, 1, 3.5, 2]);
    assert.equal(spearman([1, 2], [1, 2]), null);
    assert.equal(spearman([1, 1, 1], [1, 2, 3]), null);
  });
  it('type-7 quantiles', () => {
    assert.equal(quantileSorted([1, 2, 3, 4, 5], 0.5), 3);
    assert.equal(quantileSorted([0, 10], 0.25), 2.5);
  });
});
