import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { digestFile } from '../../../runners/results/file-digest.ts';

describe('digestFile', () => {
  it('gives the sha-256 of the whole file and finds a needle anywhere, across the 1 MB read boundary too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ut-digest-'));
    const file = join(dir, 'f.jsonl');
    const needle = 'sk-secret-value';
    // The needle straddles the first 1 MB chunk: 5 characters before the boundary, the rest after.
    const text = `${'a'.repeat((1 << 20) - 5)}${needle}${'b'.repeat(3 << 20)}é\n`;
    writeFileSync(file, text);
    const d = digestFile(file, ['absent-needle', needle]);
    assert.equal(d.sha256, createHash('sha256').update(text).digest('hex'));
    assert.equal(d.found, true);
    assert.equal(digestFile(file, ['absent-needle']).found, false);
    assert.equal(digestFile(file).found, false);
    writeFileSync(file, `x${needle}`);
    assert.equal(digestFile(file, [needle]).found, true, 'a file smaller than a chunk');
    assert.throws(() => digestFile(join(dir, 'missing')), /ENOENT/);
  });
});
