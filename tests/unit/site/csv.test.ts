import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CSV_COLUMNS, csvCell } from '../../../src/lib/site/csv.ts';

test('CSV cells are quoted per RFC 4180 and text formulas are neutralised', () => {
  assert.equal(csvCell('plain', true), 'plain');
  assert.equal(csvCell('a,b', true), '"a,b"');
  assert.equal(csvCell('say "hi"', true), '"say ""hi"""');
  assert.equal(csvCell('=HYPERLINK("x")', true), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvCell(-0.25), '-0.25');
  assert.equal(csvCell(null), '');
  assert.equal(new Set(CSV_COLUMNS.map(([c]) => c)).size, CSV_COLUMNS.length);
});
