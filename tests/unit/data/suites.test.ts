import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { SUITES_DIR } from '../../../src/lib/data-paths.ts';
import { currentSuite, loadSuites } from '../../../src/data/suites.ts';

test('the site reads every suite by ascending version; the current one is the highest', () => {
  const suites = loadSuites();
  assert.ok(suites.length >= 2);
  assert.deepEqual(suites.map((s) => s.version), [...suites.map((s) => s.version)].sort((a, b) => a - b));
  assert.equal(currentSuite()?.version, suites.at(-1)!.version);
});

test('an invalid or unreadable suite fails the build naming the file and the field; an empty folder has no suite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-suites-'));
  try {
    assert.equal(currentSuite(dir), null);
    const first = readdirSync(SUITES_DIR).find((f) => f.endsWith('.yaml'))!;
    copyFileSync(join(SUITES_DIR, first), join(dir, first));
    assert.equal(loadSuites(dir).length, 1);
    writeFileSync(join(dir, 'v9.yaml'), 'id: userturn\nversion: nine\n');
    assert.throws(() => loadSuites(dir), (e: Error) => e.message.startsWith('invalid suite file\n') && e.message.includes(`${join(dir, 'v9.yaml')}: version: `));
    writeFileSync(join(dir, 'v9.yaml'), 'id: [unclosed\n');
    assert.throws(() => currentSuite(dir), (e: Error) => e.message.startsWith(`${join(dir, 'v9.yaml')}: (root): invalid YAML: `));
  } finally { rmSync(dir, { recursive: true, force: true }); }
});
