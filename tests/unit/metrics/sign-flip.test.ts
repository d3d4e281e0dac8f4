import assert from 'node:assert/strict';
import { test } from 'node:test';
import { exactMcNemar } from '../../../src/lib/metrics/exact-tests.ts';
import { mulberry32 } from '../../../src/lib/metrics/prng.ts';
import { pairedRateSignFlip, signFlipP } from '../../../src/lib/metrics/sign-flip.ts';

/** The definition: the share of all 2^n sign patterns with |Σ ±|dᵢ|| at least the observed |Σdᵢ|. */
function bruteForce(scores: readonly number[]): number {
  const n = scores.length;
  const obs = Math.abs(scores.reduce((a, b) => a + b, 0));
  let hits = 0;
  for (let mask = 0; mask < 1 << n; mask++) {
    let s = 0;
    for (let i = 0; i < n; i++) s += (mask >> i) & 1 ? Math.abs(scores[i]!) : -Math.abs(scores[i]!);
    if (Math.abs(s) >= obs) hits++;
  }
  return hits / 2 ** n;
}

test('sign-flip p equals full enumeration of the 2^n sign patterns', () => {
  const rnd = mulberry32(7);
  for (let k = 0; k < 200; k++) {
    const n = 1 + Math.floor(rnd() * 12);
    const scores = Array.from({ length: n }, () => Math.floor(rnd() * 9) - 4);
    const p = signFlipP(scores);
    assert.ok(Math.abs(p - bruteForce(scores)) < 1e-12, `${scores}: ${p} vs ${bruteForce(scores)}`);
  }
});

test('with differences in {−1, 0, 1} (one sample per item) it is the exact McNemar test', () => {
  for (const [b, c] of [[4, 0], [6, 0], [3, 1], [10, 4], [30, 45], [0, 0], [7, 7]] as const) {
    const scores = [...Array(b).fill(1), ...Array(c).fill(-1), 0, 0];
    assert.ok(Math.abs(signFlipP(scores) - exactMcNemar(b, c)) < 1e-12, `b=${b} c=${c}`);
  }
});

test('per-item rates: trial counts 3 and 4 put on twelfths, so 1/3 − 1/4 is one step, not rounded away', () => {
  const t = pairedRateSignFlip([
    { a: { hits: 1, trials: 3 }, b: { hits: 1, trials: 4 } }, // +1/12
    { a: { hits: 0, trials: 4 }, b: { hits: 0, trials: 0 } }, // not judged by b: left out
    { a: { hits: 4, trials: 4 }, b: { hits: 0, trials: 4 } }, // +12/12
  ]);
  assert.equal(t.shared, 2);
  assert.equal(t.direction, 1);
  // Sign patterns of (1, 12): sums ±13, ±11; |S| ≥ 13 in 2 of 4.
  assert.equal(t.p, 0.5);
});

test('all samples of an item move together: 12 items at 1/4 against none is p = 2^-11; 5 items at 4/4 against 1 is p = 14/64', () => {
  const item = (hits: number, trials = 4) => ({ hits, trials });
  const spread = Array.from({ length: 40 }, (_, i) => ({ a: item(i < 12 ? 1 : 0), b: item(0) }));
  assert.equal(pairedRateSignFlip(spread).p, 2 ** -11);
  // 20 of 160 user turns against 4, but on 6 items: 5 for a, 1 for b, so the evidence is 6 coin flips.
  const clustered = Array.from({ length: 40 }, (_, i) => ({ a: item(i < 5 ? 4 : 0), b: item(i === 39 ? 4 : 0) }));
  const t = pairedRateSignFlip(clustered);
  assert.equal(t.direction, 1);
  assert.equal(t.p, 14 / 64); // 2 · P(X ≥ 5), X ~ Bin(6, ½)
});

test('past the exact bound the normal approximation is used: close to the exact p, and not below it in the tail', () => {
  const rnd = mulberry32(11);
  // 1,319 items, differences on 64ths (judged counts as unlike as 6, 7 and 8): some 3.5·10⁶ steps exactly.
  for (const shift of [0, 0.03, 0.06]) {
    const scores = Array.from({ length: 1319 }, () => (rnd() < 0.35 ? Math.round((rnd() - 0.5 + shift) * 64) : 0));
    const exact = signFlipP(scores, Infinity);
    const approx = signFlipP(scores);
    assert.notEqual(approx, exact, 'the default bound sends this case to the approximation');
    assert.ok(approx >= 0.99 * exact && approx <= 1.25 * exact, `shift ${shift}: ${approx} vs exact ${exact}`);
  }
});
