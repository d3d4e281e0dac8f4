import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bootstrapRate, pairedDelta, type BootstrapOptions, type ItemCount, type PairedItem } from '../../../src/lib/metrics/bootstrap.ts';
import { mulberry32, mulberry32Index } from '../../../src/lib/metrics/prng.ts';
import { clamp, quantileSorted, round6 } from '../../../src/lib/metrics/quantile.ts';

// The bootstrap as first written (objects, a double per draw, a comparator sort): the typed-array version must give
// the same intervals to the last digit, so published results do not move.
function referenceRate(items: ItemCount[], opts: BootstrapOptions) {
  const units = items.filter((i) => i.trials > 0);
  const totalTrials = units.reduce((s, i) => s + i.trials, 0);
  if (units.length === 0 || totalTrials === 0) return null;
  const value = units.reduce((s, i) => s + i.hits, 0) / totalTrials;
  const rand = referenceMulberry32(opts.seed);
  const stats: number[] = [];
  for (let r = 0; r < opts.resamples; r++) {
    let h = 0, t = 0;
    for (let j = 0; j < units.length; j++) {
      const u = units[Math.floor(rand() * units.length)]!;
      h += u.hits;
      t += u.trials;
    }
    stats.push(h / t);
  }
  stats.sort((a, b) => a - b);
  const alpha = (1 - opts.confidence) / 2;
  return { value: round6(value), lo: round6(clamp(Math.min(quantileSorted(stats, alpha), value), 0, 1)), hi: round6(clamp(Math.max(quantileSorted(stats, 1 - alpha), value), 0, 1)), n: units.length };
}

function referenceDelta(pairs: PairedItem[], opts: BootstrapOptions) {
  const units = pairs.filter((p) => p.a.trials > 0 && p.b.trials > 0);
  if (units.length === 0) return null;
  const rate = (sel: (p: PairedItem) => ItemCount) => units.reduce((s, p) => s + sel(p).hits, 0) / units.reduce((s, p) => s + sel(p).trials, 0);
  const value = rate((p) => p.a) - rate((p) => p.b);
  const rand = referenceMulberry32(opts.seed);
  const stats: number[] = [];
  for (let r = 0; r < opts.resamples; r++) {
    let ha = 0, ta = 0, hb = 0, tb = 0;
    for (let j = 0; j < units.length; j++) {
      const u = units[Math.floor(rand() * units.length)]!;
      ha += u.a.hits; ta += u.a.trials; hb += u.b.hits; tb += u.b.trials;
    }
    stats.push(ha / ta - hb / tb);
  }
  stats.sort((x, y) => x - y);
  const alpha = (1 - opts.confidence) / 2;
  return { value: round6(value), lo: round6(clamp(Math.min(quantileSorted(stats, alpha), value), -1, 1)), hi: round6(clamp(Math.max(quantileSorted(stats, 1 - alpha), value), -1, 1)), n: units.length };
}

/** mulberry32 as first written (unsigned state): the published sequence every seed must keep. */
function referenceMulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('bootstrap draws', () => {
  it('mulberry32 gives the sequence of its first implementation', () => {
    for (const seed of [0, 1, 42, 0x7fffffff, 0x80000000, 0xdeadbeef, 2 ** 32 - 1, -5]) {
      const ours = mulberry32(seed);
      const ref = referenceMulberry32(seed);
      for (let i = 0; i < 5000; i++) assert.equal(ours(), ref());
    }
  });

  it('mulberry32Index draws what Math.floor(mulberry32() * n) draws', () => {
    for (const seed of [0, 1, 42, 0xdeadbeef, 2 ** 32 - 1]) {
      const rand = referenceMulberry32(seed);
      const draw = mulberry32Index(seed);
      for (let i = 0; i < 5000; i++) {
        const n = 1 + (i % 1319);
        assert.equal(draw(n), Math.floor(rand() * n));
      }
    }
  });

  it('rates and paired deltas equal the reference implementation on random data', () => {
    const gen = mulberry32(7);
    const count = (k: number): ItemCount => {
      const trials = Math.floor(gen() * k);
      return { hits: Math.floor(gen() * (trials + 1)), trials };
    };
    for (let round = 0; round < 40; round++) {
      const n = 1 + Math.floor(gen() * 300);
      const opts = { resamples: 200 + Math.floor(gen() * 800), seed: Math.floor(gen() * 2 ** 32), confidence: round % 2 ? 0.95 : 0.9 };
      // Sparse hits too: rates near zero are the paper's regime.
      const items = Array.from({ length: n }, () => (round % 3 === 0 ? { hits: gen() < 0.02 ? 1 : 0, trials: 1 + Math.floor(gen() * 8) } : count(9)));
      assert.deepEqual(bootstrapRate(items, opts), referenceRate(items, opts));
      const pairs = Array.from({ length: n }, () => ({ a: count(5), b: count(5) }));
      assert.deepEqual(pairedDelta(pairs, opts), referenceDelta(pairs, opts));
    }
  });
});
