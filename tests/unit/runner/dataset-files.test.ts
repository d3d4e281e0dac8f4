import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadDataset } from '../../../runners/datasets/load.ts';
import { currentDatasetSpec, itemsFileName, itemsFilePath } from '../../../runners/datasets/files.ts';
import type { DatasetSpec } from '../../../src/schema/index.ts';

const fixtures = join(import.meta.dirname, '..', '..', 'fixtures', 'datasets');
const quiet = { cacheDir: '/nonexistent', warn: () => {} };

// File names live only in the suite's dataset entry: renaming them there is all it takes.
test('a suite entry that names other files is read from those files: items first, reference answers second', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-names-'));
  mkdirSync(join(dir, 'mt_bench'));
  copyFileSync(join(fixtures, 'mt_bench', 'question.jsonl'), join(dir, 'mt_bench', 'q.jsonl'));
  copyFileSync(join(fixtures, 'mt_bench', 'reference_answer_gpt-4.jsonl'), join(dir, 'mt_bench', 'refs.jsonl'));
  const base = currentDatasetSpec('mt_bench');
  const file = (name: string) => ({ name, url: `https://example.invalid/${name}`, sha256: null });
  const spec: DatasetSpec = { ...base, source: { ...base.source, files: [file('q.jsonl'), file('refs.jsonl')] } };
  const renamed = await loadDataset(spec, { ...quiet, dataDir: dir });
  const original = await loadDataset(base, { ...quiet, dataDir: fixtures });
  assert.deepEqual(renamed.items, original.items);
  assert.ok(renamed.items.some((i) => i.reference !== null));
  const noRefs = await loadDataset({ ...spec, source: { ...spec.source, files: [file('q.jsonl')] } }, { ...quiet, dataDir: dir });
  assert.ok(noRefs.items.every((i) => i.reference === null));
});

test('tools without --suite take the items file from the current suite', () => {
  const gsm8k = currentDatasetSpec('gsm8k');
  assert.equal(itemsFileName(gsm8k), gsm8k.source.files[0]!.name);
  assert.equal(itemsFilePath('/data', gsm8k), `/data/gsm8k/${gsm8k.source.files[0]!.name}`);
});
