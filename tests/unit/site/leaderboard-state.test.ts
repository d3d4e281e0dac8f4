import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareSortValues, fullLeaderboardHref, nextSort, parseLbState, serialiseLbState, type LbChoices, type SortValue } from '../../../src/lib/site/leaderboard-state.ts';
import { readSortValue, sortAttrs } from '../../../src/lib/site/leaderboard-sort.ts';
import type { LbRow } from '../../../src/lib/site/leaderboard.ts';

const C: LbChoices = {
  datasets: ['gsm8k', 'ifeval'], dataset: 'gsm8k',
  conditions: { gsm8k: ['t1.0', 't0.7'], ifeval: ['t0.7'] },
  families: ['qwen', 'llama'], sizes: ['small', 'medium', 'large'],
};

test('the default view has an empty query string, and parsing it gives the default back', () => {
  const s = parseLbState('', C);
  assert.deepEqual(s, { dataset: 'gsm8k', condition: 't1.0', sort: 'group', order: 'asc', family: '', size: '' });
  assert.equal(serialiseLbState(s, C), '');
});

test('every parameter round-trips through the query string', () => {
  const s = { dataset: 'ifeval', condition: 't0.7', sort: 'accuracy', order: 'asc', family: 'qwen', size: 'small' } as const;
  const q = serialiseLbState(s, C);
  assert.equal(q, '?dataset=ifeval&sort=accuracy&order=asc&family=qwen&size=small');
  assert.deepEqual(parseLbState(q, C), s);
  const t = { ...s, dataset: 'gsm8k', condition: 't0.7', order: 'desc' } as const;
  assert.equal(serialiseLbState(t, C), '?condition=t0.7&sort=accuracy&family=qwen&size=small');
  assert.deepEqual(parseLbState(serialiseLbState(t, C), C), t);
});

test('unknown or foreign values fall back to the defaults instead of being trusted', () => {
  const s = parseLbState('?dataset=nope&condition=t1.0&sort=__proto__&order=sideways&family=<script>&size=huge', C);
  assert.deepEqual(s, parseLbState('', C));
  // t1.0 exists for gsm8k but not for ifeval: ifeval's default is used.
  assert.equal(parseLbState('?dataset=ifeval&condition=t1.0', C).condition, 't0.7');
  // Without an order, a column starts at its natural order.
  assert.equal(parseLbState('?sort=greedy', C).order, 'desc');
  assert.equal(parseLbState('?sort=name', C).order, 'asc');
});

test('clicking the sorted column flips its order; another column starts at its natural order', () => {
  const s = parseLbState('?sort=greedy', C);
  assert.deepEqual(nextSort(s, 'greedy'), { sort: 'greedy', order: 'asc' });
  assert.deepEqual(nextSort(s, 'family'), { sort: 'family', order: 'asc' });
  assert.deepEqual(nextSort(s, 'accuracy'), { sort: 'accuracy', order: 'desc' });
});

test('missing values sort last in both orders', () => {
  const vals: SortValue[] = [0.2, null, 0.9, null, 0.5];
  assert.deepEqual([...vals].sort((a, b) => compareSortValues(a, b, 'desc')), [0.9, 0.5, 0.2, null, null]);
  assert.deepEqual([...vals].sort((a, b) => compareSortValues(a, b, 'asc')), [0.2, 0.5, 0.9, null, null]);
  assert.deepEqual(['b', null, 'a'].sort((a, b) => compareSortValues(a, b, 'desc')), ['b', 'a', null]);
});

const row = (over: Partial<LbRow>): LbRow => ({
  id: 'm', name: 'M', family: 'f', total_b: 7, active_b: 7, greedy: { value: 0.123456, lo: 0.1, hi: 0.2 }, hot_condition: 't1.0',
  hot: null, any_k: null, accuracy: { value: 0.5, lo: 0.4, hi: 0.6 }, labels: [], group: 2, has_results: true, pending: false, verified: false, ...over,
} as LbRow);

test('row sort attributes are rounded, omit missing values, and read back', () => {
  const a = sortAttrs(row({}));
  assert.deepEqual(a, { 'data-s-group': '2', 'data-s-size': '7', 'data-s-greedy': '0.1235', 'data-s-accuracy': '0.5' });
  const get = (k: string) => (a as Record<string, string>)[k] ?? null;
  assert.equal(readSortValue(get, 'greedy'), 0.1235);
  assert.equal(readSortValue(get, 'hot'), null);
  const pending = sortAttrs(row({ has_results: false, group: null }));
  assert.deepEqual(pending, { 'data-s-size': '7' });
});

test('fullLeaderboardHref: a table view in the home URL moves to the dataset\'s full page; unknown datasets do not reach the path', () => {
  const ds = ['gsm8k', 'ifeval'];
  assert.equal(fullLeaderboardHref('', '/', ds, 'gsm8k'), null);
  assert.equal(fullLeaderboardHref('?utm=x', '/', ds, 'gsm8k'), null);
  assert.equal(fullLeaderboardHref('?sort=accuracy&order=asc&family=qwen', '/b/', ds, 'gsm8k'), '/b/leaderboard/gsm8k/?sort=accuracy&order=asc&family=qwen');
  assert.equal(fullLeaderboardHref('?dataset=ifeval&condition=t0.7', '/', ds, 'gsm8k'), '/leaderboard/ifeval/?condition=t0.7');
  assert.equal(fullLeaderboardHref('?dataset=../../evil&size=large', '/', ds, 'gsm8k'), '/leaderboard/gsm8k/?size=large');
});
