import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { COMMIT_JOURNAL } from '../../../src/lib/data-paths.ts';
import { StorageError } from '../../../runners/io/storage-error.ts';
import { finishInterruptedCommit } from '../../../runners/results/folder-commit.ts';

/** A result folder with an old summary and samples file, and a commit journal as a run killed mid-commit leaves it. */
function stopped(journal: unknown): string {
  const dir = mkdtempSync(join(tmpdir(), 'ut-fc-'));
  mkdirSync(join(dir, 'samples'));
  writeFileSync(join(dir, 'summary.json'), 'old summary');
  writeFileSync(join(dir, 'samples', 'a.jsonl'), 'new a'); // renamed before the kill
  writeFileSync(join(dir, 'samples', 'b.jsonl'), 'old b');
  writeFileSync(join(dir, 'samples', 'b.jsonl.123.tmp'), 'new b');
  writeFileSync(join(dir, 'summary.json.123.abcdef01.tmp'), 'new summary');
  writeFileSync(join(dir, 'samples', 'stale.jsonl'), 'a dataset the new result does not have');
  writeFileSync(join(dir, COMMIT_JOURNAL), JSON.stringify(journal));
  return dir;
}

describe('finishing a commit a killed run left', () => {
  it('carries out every rename still to do and the removals, then drops the journal; a second call finds nothing', async () => {
    const dir = stopped({
      renames: [['samples/a.jsonl.123.tmp', 'samples/a.jsonl'], ['samples/b.jsonl.123.tmp', 'samples/b.jsonl'], ['summary.json.123.abcdef01.tmp', 'summary.json']],
      remove: ['samples/stale.jsonl'],
    });
    assert.equal(await finishInterruptedCommit(dir), true);
    assert.deepEqual(['summary.json', 'samples/a.jsonl', 'samples/b.jsonl'].map((f) => readFileSync(join(dir, f), 'utf8')), ['new summary', 'new a', 'new b']);
    for (const gone of [COMMIT_JOURNAL, 'samples/stale.jsonl', 'samples/b.jsonl.123.tmp']) assert.ok(!existsSync(join(dir, gone)), gone);
    assert.equal(await finishInterruptedCommit(dir), false);
  });

  it('refuses a journal that reaches out of its folder or renames anything but a temp file, and touches nothing', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'ut-fc-outside-'));
    writeFileSync(join(outside, 'keep.txt'), 'keep');
    for (const journal of [
      { renames: [['samples/b.jsonl.123.tmp', `../${outside.split('/').pop()}/keep.txt`]], remove: [] },
      { renames: [], remove: [join(outside, 'keep.txt')] },
      { renames: [['summary.json', 'samples/b.jsonl']], remove: [] },
      'not a journal',
    ]) {
      const dir = stopped(journal);
      await assert.rejects(finishInterruptedCommit(dir), (e: unknown) => e instanceof StorageError && /not a commit journal userturn wrote/.test(e.message));
      assert.equal(readFileSync(join(outside, 'keep.txt'), 'utf8'), 'keep');
      assert.equal(readFileSync(join(dir, 'samples', 'b.jsonl'), 'utf8'), 'old b');
    }
  });
});
