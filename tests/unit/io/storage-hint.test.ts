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
