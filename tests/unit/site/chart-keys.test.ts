import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextMark } from '../../../src/lib/site/chart-keys.ts';

// Three series: a line of 3 marks, one of 2, one of 3 (a temperature panel where one model lacks a temperature).
const S = [0, 0, 0, 1, 1, 2, 2, 2];

test('left and right walk the marks in order, on into the next series, and stop at the ends', () => {
  assert.equal(nextMark(S, 0, 'ArrowRight'), 1);
  assert.equal(nextMark(S, 2, 'ArrowRight'), 3);
  assert.equal(nextMark(S, 7, 'ArrowRight'), 7);
  assert.equal(nextMark(S, 3, 'ArrowLeft'), 2);
  assert.equal(nextMark(S, 0, 'ArrowLeft'), 0);
  assert.equal(nextMark(S, 4, 'Home'), 0);
  assert.equal(nextMark(S, 4, 'End'), 7);
});

test('up and down change series at the same position, the nearest one when the series is shorter', () => {
  assert.equal(nextMark(S, 1, 'ArrowDown'), 4); // second mark of series 0 → second of series 1
  assert.equal(nextMark(S, 2, 'ArrowDown'), 4); // third → series 1 has two: its last
  assert.equal(nextMark(S, 4, 'ArrowDown'), 6);
  assert.equal(nextMark(S, 7, 'ArrowDown'), 7); // no series below
  assert.equal(nextMark(S, 7, 'ArrowUp'), 4);
  assert.equal(nextMark(S, 3, 'ArrowUp'), 0);
  assert.equal(nextMark(S, 1, 'ArrowUp'), 1); // no series above
});

test('one mark per series (a scatter): up and down are the previous and next mark', () => {
  const one = [0, 1, 2, 3];
  assert.equal(nextMark(one, 1, 'ArrowDown'), 2);
  assert.equal(nextMark(one, 1, 'ArrowUp'), 0);
});

test('other keys are not the chart\'s: Tab and Escape pass through', () => {
  assert.equal(nextMark(S, 1, 'Tab'), null);
  assert.equal(nextMark(S, 1, 'Escape'), null);
  assert.equal(nextMark([], 0, 'ArrowRight'), null);
});
