import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { COMMIT_JOURNAL } from '../../../src/lib/data-paths.ts';
import { commitFolder } from '../../../runners/results/folder-commit.ts';
import { mountTmpfs } from '../../helpers/tmpfs.ts';

it('a commit whose journal does not fit on the disk removes the prepared files: nothing half-written is left', async (t) => {
  const fs = await mountTmpfs(16);
  if (typeof fs === 'string') return t.skip(fs);
  try {
    const dir = join(fs.dir, 'm');
    await mkdir(join(dir, 'samples'), { recursive: true });
    // The samples file and the summary under their temp names fill the disk (4 pages of 4 KB): the journal has no room.
    const renames: Array<[string, string]> = [
      [join(dir, 'samples', 'gsm8k.jsonl.123.tmp'), join(dir, 'samples', 'gsm8k.jsonl')],
      [join(dir, 'summary.json.123.0badc0de.tmp'), join(dir, 'summary.json')],
    ];
    for (const [tmp] of renames) await writeFile(tmp, Buffer.alloc(8 * 1024, 'x'));
    await assert.rejects(commitFolder(dir, renames, []), (e: Error) => e.message.startsWith(`${join(dir, COMMIT_JOURNAL)}: cannot write: no space left on the device`));
    // Before: both temp files stayed, the run's "nothing half-written" broken (the next run removed them).
    assert.deepEqual([...readdirSync(dir), ...readdirSync(join(dir, 'samples'))], ['samples']);
  } finally {
    fs.unmount();
  }
});
