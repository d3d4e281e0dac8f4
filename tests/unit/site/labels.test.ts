import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SITE_DATASETS, SITE_LABELS } from '../../../src/lib/site/labels.ts';
import { DatasetId, Label } from '../../../src/schema/index.ts';

test('the lists islands use are the schema enums, from a module that imports nothing (islands must not bundle zod)', () => {
  assert.deepEqual([...SITE_LABELS], Label.options);
  assert.deepEqual([...SITE_DATASETS], DatasetId.options);
  const source = readFileSync(new URL('../../../src/schema/ids.ts', import.meta.url), 'utf8');
  assert.doesNotMatch(source, /^\s*import\b/m);
});
