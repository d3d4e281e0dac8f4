import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HOME_CHART_MODELS, HOME_TABLE_ALL_MAX, HOME_TABLE_TOP, extremes, homeTableRows } from '../../../src/lib/site/home-scale.ts';

const items = Array.from({ length: 100 }, (_, i) => ({ i, a: (i * 37) % 100, b: i % 2 ? null : 100 - i }));

test('extremes: every item when they fit, in input order', () => {
  const few = items.slice(0, HOME_CHART_MODELS);
  assert.deepEqual(extremes(few, [(t) => t.a]), few);
});

test('extremes: above the limit, the highest and lowest of each key in turn, kept in input order', () => {
  const got = extremes(items, [(t) => t.a, (t) => t.b], 8);
  assert.equal(got.length, 8);
  assert.deepEqual(got.map((t) => t.i), [...got.map((t) => t.i)].sort((x, y) => x - y), 'input order');
  // Round 1: highest a (i 27), lowest a (i 0), highest b (i 0 again), lowest b (i 98); round 2: a = 98 (i 54), a = 1
  // (i 73), the second highest b (i 2) and second lowest b (i 96); round 3 starts with a = 97 (i 81) and fills the eighth.
  assert.deepEqual(got.map((t) => t.i), [0, 2, 27, 54, 73, 81, 96, 98]);
});

test('extremes: a key that scores null never chooses the item; no key scoring anything chooses nothing', () => {
  const got = extremes(items, [(t) => t.b], 10);
  assert.ok(got.every((t) => t.b !== null));
  assert.deepEqual(extremes(items, [() => null], 10), []);
});

test('homeTableRows: all rows up to the limit, the top rows above it', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
  assert.equal(homeTableRows(rows(HOME_TABLE_ALL_MAX)).length, HOME_TABLE_ALL_MAX);
  assert.deepEqual(homeTableRows(rows(HOME_TABLE_ALL_MAX + 1)), rows(HOME_TABLE_TOP));
});
