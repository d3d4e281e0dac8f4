import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DATASET_IDS, LABELS } from '../../../src/schema/index.ts';
import { SITE_DATASETS, SITE_LABELS } from '../../../src/lib/site/labels.ts';

test('the zod-free label and dataset lists shipped to the browser equal the schema lists', () => {
  assert.deepEqual([...SITE_LABELS], [...LABELS]);
  assert.deepEqual([...SITE_DATASETS], [...DATASET_IDS]);
});
