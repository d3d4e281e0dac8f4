/**
 * The sample sink's prepare() (sync and close the samples temp files, just before the commit) failing: found by a
 * review reading runners/results/write.ts, where only the summary's temp file was removed then and the samples' temp
 * files stayed in the results folder.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { comparable, fixtureData, qwenTemplate, root, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const FAIL_SYNC = join(root, 'tests', 'fixtures', 'preload', 'fail-samples-sync.mjs');
const args = (url: string, out: string, cache: string, limit: number) => ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k,mt_bench', '--limit', String(limit), '--out', out, '--cache', cache];

/** Every file (with its bytes' sha-256) and folder under `dir`: what "exactly as it was" compares. */
async function tree(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const p = join(e.parentPath, e.name);
    out.push(e.isDirectory() ? `${relative(dir, p)}/` : `${relative(dir, p)} ${createHash('sha256').update(await readFile(p)).digest('hex')}`);
  }
  return out.sort();
}

let sim: SpawnedSim;
let reference: string;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '5', '--data-dir', fixtureData]);
  const work = await mkdtemp(join(tmpdir(), 'ut-prepare-ref-'));
  const r = await runCli(args(sim.url, join(work, 'results'), join(work, 'cache.sqlite'), 3));
  assert.equal(r.code, 0, r.stderr);
  reference = comparable(JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8')));
});
after(() => sim.stop());

describe('the samples files cannot be synced before the commit', () => {
  for (const start of ['a folder holding an older result', 'a folder that does not exist yet'] as const) {
    it(`into ${start}: one line naming the file, exit 1, the folder exactly as it was; the rerun resumes from the cache`, async () => {
      const work = await mkdtemp(join(tmpdir(), 'ut-prepare-'));
      const out = join(work, 'results');
      const cache = join(work, 'cache.sqlite');
      if (start === 'a folder holding an older result') {
        const older = await runCli(args(sim.url, out, cache, 2));
        assert.equal(older.code, 0, older.stderr);
      }
      const was = await tree(out);

      const r = await runCli(args(sim.url, out, cache, 3), { env: { NODE_OPTIONS: `--import ${FAIL_SYNC}` } });
      assert.equal(r.code, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, r.stderr);
      const named = r.stderr.split('\n').filter((l) => l.includes(join(out, 'qwen3.5-9b', 'samples', 'gsm8k.jsonl')));
      assert.equal(named.length, 1, r.stderr);
      // The samples file the user knows, not its temp file (removed by then), and advice for a failing disk, not "free space".
      assert.match(named[0]!, /samples\/gsm8k\.jsonl: cannot write results: input\/output error \(EIO\); nothing was put in place; the disk or file system failed: check it/);
      assert.doesNotMatch(named[0]!, /\.tmp\b|free space/);
      // Before: samples/gsm8k.jsonl.<pid>.tmp and mt_bench.jsonl.<pid>.tmp stayed (and the folders made for them).
      assert.deepEqual(await tree(out), was, 'no temp file, no partial samples file, no folder made');

      const sentBefore = await sim.completedCount();
      const again = await runCli(args(sim.url, out, cache, 3));
      assert.equal(again.code, 0, again.stderr);
      assert.equal((await sim.completedCount()) - sentBefore, 0, 'every answer came from the cache');
      assert.equal(comparable(JSON.parse(await readFile(join(out, 'qwen3.5-9b', 'summary.json'), 'utf8'))), reference);
      assert.deepEqual((await readdir(join(out, 'qwen3.5-9b'))).sort(), ['samples', 'summary.json']);
    });
  }
});
