import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { storageFix, StorageError } from '../../../runners/io/storage-error.ts';
import { writeFileAtomic } from '../../../runners/results/atomic.ts';
import { createSampleSink } from '../../../runners/results/sample-sink.ts';

const errno = (code: string) => Object.assign(new Error(code), { code });

test('the storage hint fits the errno: free space only for a full disk', () => {
  for (const code of ['ENOSPC', 'EDQUOT']) assert.match(storageFix(errno(code), 'pass --out DIR'), /^free space or pass --out DIR$/);
  for (const code of ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'ENOENT']) {
    const fix = storageFix(errno(code), 'pass --out DIR');
    assert.doesNotMatch(fix, /free space/, code);
    assert.match(fix, /pass --out DIR$/, code);
  }
  assert.match(storageFix(errno('EACCES'), 'x'), /permission/);
  assert.match(storageFix(errno('EPERM'), 'x'), /permission/);
  assert.match(storageFix(errno('EROFS'), 'x'), /read-only/);
  assert.match(storageFix(errno('ENOTDIR'), 'x'), /a file stands where a folder/);
  assert.match(storageFix(errno('EEXIST'), 'x'), /a file stands where a folder/);
  assert.match(storageFix(errno('ENOENT'), 'x'), /parent folder .*missing/);
  assert.equal(storageFix(errno('EIO'), 'pass --out DIR'), 'the disk or file system failed: check it (the system log, fsck) or pass --out DIR');
  assert.equal(storageFix(errno('EMFILE'), 'pass --out DIR'), 'pass --out DIR', 'an errno with no fix of its own gets no guess');
});

test('--out through a file: the writers say the path is a file, not "free space"', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-hint-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'afile');
  writeFileSync(file, 'x');
  const check = (e: unknown) => e instanceof StorageError && /ENOTDIR/.test(e.message) && /a file stands where a folder/.test(e.message) && !/free space/.test(e.message);
  await assert.rejects(writeFileAtomic(join(file, 'summary.json'), '{}'), check);
  await assert.rejects(createSampleSink(file, 'm', ['gsm8k']), check);
});

// The request cache had its own fixed advice, "free space or pass --cache…", whatever SQLite said.
test('the request cache\'s hint fits SQLite\'s result code, extended codes too: free space only for a full disk', async () => {
  const { cacheWriteAdvice } = await import('../../../runners/cache/cache-file.ts');
  const sqlite = (errcode: number) => Object.assign(new Error('x'), { code: 'ERR_SQLITE_ERROR', errcode });
  assert.match(cacheWriteAdvice(sqlite(13)), /^free space or pass --cache/);
  // SQLITE_IOERR_FSYNC (10 | 4 << 8): the disk failed.
  assert.match(cacheWriteAdvice(sqlite(1034)), /^the disk or file system failed/);
  for (const code of [8, 1032, 10, 778]) assert.doesNotMatch(cacheWriteAdvice(sqlite(code)), /free space/, String(code));
  for (const code of [13, 8, 10]) assert.match(cacheWriteAdvice(sqlite(code)), /a rerun resumes from the cache$/);
});
