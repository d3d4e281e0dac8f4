import assert from 'node:assert/strict';
import { test } from 'node:test';
import { olderSuiteResults, suiteVersionInfo } from '../../../src/lib/site/suite-version.ts';

const r = (id: string, v: number) => ({ submission: { id, display_name: id.toUpperCase() }, provenance: { suite_version: v } });

test('a result of the current suite is labelled plainly; an older one names the current version', () => {
  assert.deepEqual(suiteVersionInfo(2, 2), { version: 2, current: true, label: 'suite v2' });
  assert.deepEqual(suiteVersionInfo(1, 2), { version: 1, current: false, label: 'suite v1 (current: v2)' });
});

test('results of other suite versions are grouped by version, ascending, current ones left out', () => {
  const got = olderSuiteResults([r('a', 2), r('b', 1), r('c', 3), r('d', 1)], 3);
  assert.deepEqual(got, [
    { version: 1, models: [{ id: 'b', name: 'B' }, { id: 'd', name: 'D' }] },
    { version: 2, models: [{ id: 'a', name: 'A' }] },
  ]);
  assert.deepEqual(olderSuiteResults([r('a', 3)], 3), []);
});
