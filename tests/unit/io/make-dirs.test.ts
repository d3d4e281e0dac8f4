import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeDirs, makeDirsSync } from '../../../runners/io/make-dirs.ts';

describe('makeDirs', { timeout: 5_000 }, () => {
  it('makes every missing folder, and again without complaint', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ut-dirs-'));
    await makeDirs(join(root, 'a', 'b', 'c'));
    makeDirsSync(join(root, 'a', 'x', 'y'));
    await makeDirs(join(root, 'a', 'b', 'c'));
    assert.ok(existsSync(join(root, 'a', 'b', 'c')) && existsSync(join(root, 'a', 'x', 'y')));
  });

  // Node's recursive mkdir never settles there (a review's --out /proc/1 spun at 90% CPU): this must end, refused.
  it('a folder that refuses children (/proc/1) is refused at once, not looped on', { skip: existsSync('/proc/1') ? false : 'no /proc here' }, async () => {
    await assert.rejects(makeDirs('/proc/1/userturn-results/samples'), (e: NodeJS.ErrnoException) => ['ENOENT', 'EACCES', 'EPERM'].includes(e.code ?? ''));
    assert.throws(() => makeDirsSync('/proc/1/userturn-cache'), (e: NodeJS.ErrnoException) => ['ENOENT', 'EACCES', 'EPERM'].includes(e.code ?? ''));
  });
});
