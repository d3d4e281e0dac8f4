import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { missingStartFlags, START_FLAGS } from '../../../runners/probe/heap.ts';

describe("a run's V8 flags are set when the process starts, never while it runs", () => {
  it('the re-execution adds every start flag the process lacks, and keeps a value the user gave', () => {
    assert.deepEqual(missingStartFlags([]), [...START_FLAGS]);
    assert.deepEqual(missingStartFlags(['--max-semi-space-size=8']), ['--no-regexp-tier-up']);
    assert.deepEqual(missingStartFlags(['--no-regexp-tier-up', '--max-semi-space-size=4', '--inspect']), []);
  });

  it('no module of the runner changes a V8 flag at run time', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../../../runners');
    const offenders: string[] = [];
    for (const f of await readdir(root, { recursive: true })) {
      if (!f.endsWith('.ts')) continue;
      const text = await readFile(join(root, f), 'utf8');
      // The one exception is set by the main thread when a run starts, before it starts any other thread (heap.ts).
      // Any argument counts, a variable as much as a literal.
      for (const m of text.matchAll(/setFlagsFromString\(([^)]*)\)/g)) if (m[1] !== "'--heap-growing-percent=20'") offenders.push(`${f}: ${m[1]}`);
    }
    assert.deepEqual(offenders, []);
  });
});
