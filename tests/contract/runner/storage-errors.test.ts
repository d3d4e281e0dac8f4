import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFile, mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { comparable, fixtureData, qwenTemplate, root, runCli, spawnSim, type RunResult, type SpawnedSim } from '../../helpers/processes.ts';
import { mountTmpfs } from '../../helpers/tmpfs.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const FAST_RETRY = { USERTURN_BACKOFF_BASE_MS: '20', USERTURN_BACKOFF_MAX_MS: '100' };

function runArgs(url: string, out: string, cache: string, extra: string[] = []): string[] {
  return ['run', SUBMISSION, '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--cache', cache, '--datasets', 'gsm8k,mt_bench', '--limit', '6', ...extra];
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true, recursive: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** One clear line on stderr naming the file, exit 1, no stack trace, no "internal error". */
function assertStorageFailure(r: RunResult, file: string, cause: RegExp): void {
  assert.equal(r.code, 1, `exit code ${r.code}\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, r.stderr);
  const lines = r.stderr.split('\n').filter((l) => l.includes(file));
  assert.equal(lines.length, 1, `one line names ${file}:\n${r.stderr}`);
  assert.match(lines[0]!, cause);
}

let sim: SpawnedSim;
let reference: string;
let referenceRequests: number;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '9', '--data-dir', fixtureData]);
  const work = await mkdtemp(join(tmpdir(), 'ut-storage-ref-'));
  const r = await runCli(runArgs(sim.url, join(work, 'results'), join(work, 'cache.sqlite')));
  assert.equal(r.code, 0, r.stderr);
  reference = comparable(JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8')));
  referenceRequests = Object.keys((await sim.stats()).completed).length;
});
after(() => sim.stop());

describe('storage failures stop the run with one clear line', () => {
  it('a full disk under the request cache: stops at once (no answer re-sent), names the file, nothing written', async (t) => {
    const fs = await mountTmpfs(96);
    if (typeof fs === 'string') return t.skip(fs);
    try {
      // Room for the empty database (its answers and derived tables), not for the answers: the run starts, and
      // the first group commit that does not fit stops it.
      await writeFile(join(fs.dir, 'filler'), Buffer.alloc(24 * 1024));
      const work = await mkdtemp(join(tmpdir(), 'ut-fullcache-'));
      const cache = join(fs.dir, 'cache.sqlite');
      const before = (await sim.stats()).routes['/v1/completions']?.['200'] ?? 0;
      const r = await runCli(runArgs(sim.url, join(work, 'results'), cache, ['--concurrency', '2']), { env: FAST_RETRY });
      assertStorageFailure(r, cache, /cannot write the request cache: .*(full|space)/i);
      const sent = ((await sim.stats()).routes['/v1/completions']?.['200'] ?? 0) - before;
      assert.ok(sent < referenceRequests / 2, `${sent} answers sent after the disk filled (the run did not stop)`);
      assert.deepEqual(await filesUnder(join(work, 'results')), [], 'no result file is left behind');
    } finally {
      fs.unmount();
    }
  });

  it('a full disk under the results folder: names the file, nothing half-written, and a rerun elsewhere completes from the cache', async (t) => {
    const fs = await mountTmpfs(16);
    if (typeof fs === 'string') return t.skip(fs);
    try {
      const work = await mkdtemp(join(tmpdir(), 'ut-fullout-'));
      const out = join(fs.dir, 'results');
      const r = await runCli(runArgs(sim.url, out, join(work, 'cache.sqlite')));
      assertStorageFailure(r, out, /cannot write.*: no space left on the device/);
      assert.deepEqual(await filesUnder(out), [], 'no sample, summary or temp file is left behind');
      const again = await runCli(runArgs(sim.url, join(work, 'results'), join(work, 'cache.sqlite')));
      assert.equal(again.code, 0, again.stderr);
      assert.equal(comparable(JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8'))), reference);
    } finally {
      fs.unmount();
    }
  });

  it('a corrupt cache file: names it and says to delete it or pass --cache elsewhere', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-corrupt-'));
    const cache = join(work, 'cache.sqlite');
    await writeFile(cache, 'this is not a database\n'.repeat(200));
    const r = await runCli(runArgs(sim.url, join(work, 'results'), cache));
    assertStorageFailure(r, cache, /not a usable request cache.*delete the file.*--cache/);
    assert.deepEqual(await filesUnder(join(work, 'results')), []);
  });

  it('a read-only cache and a read-only results folder: each named, exit 1, nothing sent', async (t) => {
    const fs = await mountTmpfs(16 * 1024);
    if (typeof fs === 'string') return t.skip(fs);
    try {
      const work = await mkdtemp(join(tmpdir(), 'ut-ro-'));
      await copyFile(join(root, 'package.json'), join(work, 'x')); // a writable place exists
      const roCache = join(fs.dir, 'cache.sqlite');
      const ok = await runCli(runArgs(sim.url, join(work, 'results'), roCache));
      assert.equal(ok.code, 0, ok.stderr);
      fs.readOnly();
      const sentBefore = (await sim.stats()).requests;
      const r1 = await runCli(runArgs(sim.url, join(work, 'results2'), roCache));
      assertStorageFailure(r1, roCache, /read-only file system.*--cache/);
      const r2 = await runCli(runArgs(sim.url, join(fs.dir, 'results'), join(work, 'cache.sqlite')));
      assertStorageFailure(r2, join(fs.dir, 'results'), /read-only file system.*--out/);
      assert.ok((await sim.stats()).requests - sentBefore <= 2, 'at most the /v1/models look-ups were sent');
      assert.deepEqual(await filesUnder(join(work, 'results2')), []);
    } finally {
      fs.unmount();
    }
  });
});

describe('cache rows carry a checksum', () => {
  it('a cached answer altered on disk is a miss, reported once, requested again: results as before', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-checksum-'));
    const cache = join(work, 'cache.sqlite');
    const first = await runCli(runArgs(sim.url, join(work, 'results'), cache));
    assert.equal(first.code, 0, first.stderr);
    const db = new DatabaseSync(cache);
    // Flip digits in two cached answers, as a damaged disk or a hand edit would.
    const changed = db.prepare("UPDATE responses SET text = replace(text, '1', '7') WHERE rowid IN (SELECT rowid FROM responses WHERE text LIKE '%1%' LIMIT 2)").run();
    db.close();
    assert.equal(changed.changes, 2);
    const before = (await sim.stats()).routes['/v1/completions']?.['200'] ?? 0;
    const r = await runCli(runArgs(sim.url, join(work, 'results'), cache));
    assert.equal(r.code, 0, r.stderr);
    assert.equal((r.stderr.match(/does not match its checksum/g) ?? []).length, 1, r.stderr);
    assert.equal(((await sim.stats()).routes['/v1/completions']?.['200'] ?? 0) - before, 2, 'exactly the two altered answers were requested again');
    assert.equal(comparable(JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8'))), reference);
  });
});

describe('leftovers and keys', () => {
  it('temp files of a run killed while writing results are removed by the next run', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-temps-'));
    const dir = join(work, 'results', 'qwen3.5-9b');
    await mkdir(join(dir, 'samples'), { recursive: true });
    // pid 2^22 + 1 is above Linux's pid_max: no process can hold it.
    const dead = 4194305;
    const stale = [join(dir, 'samples', `gsm8k.jsonl.${dead}.tmp`), join(dir, `summary.json.${dead}.0badc0de.tmp`)];
    for (const f of stale) await writeFile(f, 'half-written');
    const r = await runCli(runArgs(sim.url, join(work, 'results'), join(work, 'cache.sqlite')));
    assert.equal(r.code, 0, r.stderr);
    for (const f of stale) await assert.rejects(stat(f), /ENOENT/, `${f} was left behind`);
    assert.deepEqual((await filesUnder(dir)).filter((f) => f.endsWith('.tmp')), []);
  });

  it('USERTURN_API_KEY is never sent to serving.base_urls written in a submission', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(String(req.headers.authorization ?? ''));
      res.writeHead(503).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const work = await mkdtemp(join(tmpdir(), 'ut-keyhost-'));
      const text = (await readFile(join(root, SUBMISSION), 'utf8')).replace('serving:\n', `serving:\n  base_urls: ["http://127.0.0.1:${(server.address() as AddressInfo).port}/v1"]\n`);
      const sub = join(work, 'qwen3.5-9b.yaml');
      await writeFile(sub, text);
      const env = { USERTURN_API_KEY: 'sk-operator-secret-123456' };
      const r = await runCli(['run', sub, '--data-dir', fixtureData, '--template', qwenTemplate, '--out', join(work, 'results'), '--no-cache', '--limit', '1', '--datasets', 'gsm8k'], { env: { ...env, USERTURN_BASE_URL: '' } });
      assert.ok(seen.length > 0, `the submission's URL was contacted: ${r.stderr}`);
      assert.ok(seen.every((h) => !h.includes('sk-operator-secret-123456')), `the key went to the submission's host: ${seen.join(', ')}`);
      assert.match(r.stderr, /not sent to serving\.base_urls/);
    } finally {
      server.close();
    }
  });
});

describe('a cache damaged inside (bytes overwritten in the middle of the file)', () => {
  it("SQLite's integrity report comes on the one line that names the file, its parenthesis closed", async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-damaged-'));
    const cache = join(work, 'cache.sqlite');
    const first = await runCli(runArgs(sim.url, join(work, 'results'), cache));
    assert.equal(first.code, 0, first.stderr);
    const bytes = await readFile(cache);
    assert.ok(bytes.length > 16_384, `a cache of ${bytes.length} bytes`);
    // The headers of pages 2-4: the file header stays valid, so SQLite opens it and its quick_check reports the damage.
    for (const page of [1, 2, 3]) for (let i = page * 4096; i < page * 4096 + 64; i++) bytes[i] = (i * 131) & 255;
    await writeFile(cache, bytes);
    const r = await runCli(runArgs(sim.url, join(work, 'results-2'), cache));
    assertStorageFailure(r, cache, /not a usable request cache: integrity check failed \(\*\*\* in database main \*\*\* .*\); delete the file/);
    const line = r.stderr.split('\n').find((l) => l.includes(cache))!;
    assert.equal(line.split('(').length, line.split(')').length, `balanced parentheses: ${line}`);
  });
});
