import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { validatePaths } from '../../../runners/validate/validate-files.ts';

const suites = join(import.meta.dirname, '..', '..', '..', 'benchmark', 'suites');

test('a suite file in a suites folder is named after its version (the current suite is found by name)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-suite-name-'));
  try {
    mkdirSync(join(dir, 'benchmark', 'suites'), { recursive: true });
    copyFileSync(join(suites, 'v2.yaml'), join(dir, 'benchmark', 'suites', 'v2.yaml'));
    copyFileSync(join(suites, 'v2.yaml'), join(dir, 'benchmark', 'suites', 'v10.yaml'));
    const r = await validatePaths([join(dir, 'benchmark')], dir);
    assert.deepEqual(r.errors.map((e) => `${e.file}: ${e.field}: ${e.message}`), ['benchmark/suites/v10.yaml: version: is 2, so the file must be named v2.yaml']);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});
