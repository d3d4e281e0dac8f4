import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SITE_LABELS } from '../../../src/lib/site/labels.ts';
import { Label } from '../../../src/schema/index.ts';

test('the label list islands use is the schema enum, from a module that imports nothing (islands must not bundle zod)', () => {
  assert.deepEqual([...SITE_LABELS], Label.options);
  const source = readFileSync(new URL('../../../src/schema/ids.ts', import.meta.url), 'utf8');
  assert.doesNotMatch(source, /^\s*import\b/m);
});
