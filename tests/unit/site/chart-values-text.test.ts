import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findingsValuesNote } from '../../../src/lib/site/chart-text.ts';
import { shareText } from '../../../src/lib/site/format.ts';

test("a failure segment's share carries its count, in the tooltip and the table alike; an empty bar has neither", () => {
  assert.equal(shareText(5, 41), '12.2% (5 of 41)');
  assert.equal(shareText(0, 41), '0.0% (0 of 41)');
  assert.equal(shareText(1, 5276), '<0.1% (1 of 5276)');
  assert.equal(shareText(0, 0), '—');
});

test("a findings chart's description points to its own 'Show values' table, pooled or not", () => {
  const pooled = findingsValuesNote(true);
  assert.match(pooled, /pooled values are in the table under “Show values” below the chart/);
  assert.match(pooled, /a data table for each dataset/);
  const one = findingsValuesNote(false);
  assert.match(one, /values are in the table under “Show values” below the chart/);
  assert.doesNotMatch(one, /pooled/);
});
