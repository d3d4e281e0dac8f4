import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estText, pct, profileText } from '../../../src/lib/site/format.ts';

test('a rate above zero never reads as 0%, and one below one never as 100%', () => {
  assert.equal(pct(1 / 5276), '<0.1%', '1 genuine follow-up in 1,319 items × 4 samples');
  assert.equal(pct(0.004, 0), '<1%');
  assert.equal(pct(0), '0.0%');
  assert.equal(pct(1), '100.0%');
  assert.equal(pct(5275 / 5276), '>99.9%');
  assert.equal(pct(0.0005), '0.1%');
  assert.equal(pct(0.123), '12.3%');
  assert.equal(pct(null), '—');
  assert.equal(estText({ value: 1 / 5276, lo: 0, hi: 0.001, n: 1319 }), '<0.1% [0.0–0.1]');
});

test("a failure bar's text alternative names every label with a count, none of them as 0%", () => {
  const counts = [1, 200, 0, 49, 0, 0, 0]; // 1 of 250 genuine follow-ups: 0.4%
  assert.equal(profileText(counts), 'Genuine follow-up <1%, Prompt restatement 80%, Identity leakage 20%');
  assert.equal(profileText([0, 0, 0, 0, 0, 0, 0]), 'no judged samples');
});
