/**
 * A kill -9 while a run puts its results in place (runners/results/folder-commit.ts). Before the commit journal the
 * samples files were renamed one by one: killed after the first, a results folder held one dataset of the new run,
 * the others and the summary of the old one, and validate passed it (a review on 2026-11-26).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { COMMIT_JOURNAL } from '../../../src/lib/data-paths.ts';
import { finishInterruptedCommit } from '../../../runners/results/folder-commit.ts';
import { cli, comparable, fixtureData, qwenTemplate, root, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const PRELOADS = {
  afterFirstRename: { file: join(root, 'tests', 'fixtures', 'preload', 'hang-after-first-samples-rename.mjs'), says: 'TEST: one samples file in place' },
  beforeAnyRename: { file: join(root, 'tests', 'fixtures', 'preload', 'hang-before-first-samples-rename.mjs'), says: 'TEST: journal written, nothing in place' },
};
const args = (url: string, out: string, cache: string, limit: number, datasets = 'gsm8k,mt_bench') => ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', datasets, '--limit', String(limit), '--out', out, '--cache', cache];

/**
 * The run, sent `signal` at the point of its commit the preload holds it at (by default, one samples file in place):
 * SIGKILL by default; its exit code and stderr.
 */
function killedMidCommit(argv: string[], at: keyof typeof PRELOADS = 'afterFirstRename', signal: NodeJS.Signals = 'SIGKILL'): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...argv], { cwd: root, env: { ...process.env, NODE_OPTIONS: `--import ${PRELOADS[at].file}` }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    let sent = false;
    child.stderr!.on('data', (d) => {
      err += d;
      if (!sent && err.includes(PRELOADS[at].says)) {
        sent = true;
        child.kill(signal);
      }
    });
    child.on('exit', (code, got) => (sent && (got === signal || signal !== 'SIGKILL') ? resolve({ code, stderr: err }) : reject(new Error(`the run was not held mid-commit:\n${err}`))));
  });
}

/**
 * A folder `clean` with a run of 3 items never interrupted, and a folder `out` holding an older result (2 items) of
 * the run whose commit the test then stops, with its cache.
 */
async function cleanAndOlderResult(prefix: string): Promise<{ clean: string; out: string; cache: string }> {
  const work = await mkdtemp(join(tmpdir(), prefix));
  const clean = join(work, 'clean');
  const r0 = await runCli(args(sim.url, clean, join(work, 'clean.sqlite'), 3));
  assert.equal(r0.code, 0, r0.stderr);
  const out = join(work, 'out');
  const cache = join(work, 'cache.sqlite');
  const r1 = await runCli(args(sim.url, out, cache, 2));
  assert.equal(r1.code, 0, r1.stderr);
  return { clean, out, cache };
}

async function resultOf(out: string): Promise<{ summary: string; samples: string[] }> {
  const dir = join(out, 'qwen3.5-9b');
  const samples: string[] = [];
  for (const f of (await readdir(join(dir, 'samples'))).sort()) {
    for (const l of (await readFile(join(dir, 'samples', f), 'utf8')).split('\n').filter(Boolean)) samples.push(`${f}: ${JSON.stringify({ ...JSON.parse(l), timings: null })}`);
  }
  return { summary: comparable(JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8'))), samples };
}

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '3', '--data-dir', fixtureData]);
});
after(() => sim.stop());

describe('a run killed -9 while it puts its results in place', { timeout: 120_000 }, () => {
  it('leaves a folder validate refuses, and the next run finishes it: the same result as a run never killed', async () => {
    const { clean, out, cache } = await cleanAndOlderResult('ut-commit-');
    // Then a run of 3 items killed with one samples file renamed.
    const old = await resultOf(out);
    await killedMidCommit(args(sim.url, out, cache, 3));
    assert.ok(existsSync(join(out, 'qwen3.5-9b', COMMIT_JOURNAL)), 'the commit journal is left');
    assert.notDeepEqual((await resultOf(out)).samples, old.samples, 'one samples file of the new run is in place');

    const v = await runCli(['validate', out]);
    assert.equal(v.code, 1, v.stdout + v.stderr);
    assert.match(v.stderr, /summary\.json: \(file\): this result was being put in place when its run was stopped/);

    // The next run finishes the stopped commit before anything else, then writes its own (identical) result.
    const r2 = await runCli(args(sim.url, out, cache, 3));
    assert.equal(r2.code, 0, r2.stderr);
    assert.ok(!existsSync(join(out, 'qwen3.5-9b', COMMIT_JOURNAL)));
    assert.deepEqual(await resultOf(out), await resultOf(clean));
    assert.deepEqual((await readdir(join(out, 'qwen3.5-9b'))).sort(), ['samples', 'summary.json'], 'no temp file is left');
    const v2 = await runCli(['validate', out]);
    assert.equal(v2.code, 0, v2.stdout + v2.stderr);
  });

  it('Ctrl-C while the results go in place: the temp files the journal names are kept, so the commit finishes as the new result, never a mix', async () => {
    // The signal handler removed the samples' temp files, also those the journal still had to rename: the next writer
    // took them for renamed (ENOENT) and put the new summary beside the old mt_bench.jsonl (a review on 2026-11-27).
    const { clean, out, cache } = await cleanAndOlderResult('ut-commit-sigint-');
    const stopped = await killedMidCommit(args(sim.url, out, cache, 3), 'afterFirstRename', 'SIGINT');
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.match(stopped.stderr, /^interrupted: \d+ answer\(s\) of this run are in the cache/m);
    const dir = join(out, 'qwen3.5-9b');
    assert.ok(existsSync(join(dir, COMMIT_JOURNAL)), 'the commit journal is left');
    // What the next writer of the folder (run, --merge, rejudge) does first: the stopped run's result, whole.
    assert.equal(await finishInterruptedCommit(dir), true);
    const [got, want] = [await resultOf(out), await resultOf(clean)];
    assert.equal(got.samples.length, want.samples.length, 'the new result\'s samples, not some of the old one\'s');
    assert.deepEqual(got, want);
    const v = await runCli(['validate', out]);
    assert.equal(v.code, 0, v.stdout + v.stderr);
  });

  it('a rerun that reuses the stored result finishes the stopped commit first, and leaves a folder validate passes', async () => {
    // The reuse path (stored-result.ts) deleted the stopped commit's temp files and left its journal: validate refused
    // the folder after a run that said it wrote the result, and the next writer would remove what the journal listed.
    const work = await mkdtemp(join(tmpdir(), 'ut-commit-reuse-'));
    const out = join(work, 'out');
    const cache = join(work, 'cache.sqlite');
    const r1 = await runCli(args(sim.url, out, cache, 2));
    assert.equal(r1.code, 0, r1.stderr);
    const first = await resultOf(out);
    // Another result from the same cached answers (gsm8k alone: its commit removes mt_bench.jsonl), killed with its
    // journal written; no answer was added to the cache, so the first run's stored result is still current.
    await killedMidCommit(args(sim.url, out, cache, 2, 'gsm8k'), 'beforeAnyRename');
    assert.ok(existsSync(join(out, 'qwen3.5-9b', COMMIT_JOURNAL)));
    // The first run's command again: its stored result is reused or written anew, and the folder is whole.
    const r3 = await runCli(args(sim.url, out, cache, 2));
    assert.equal(r3.code, 0, r3.stderr);
    assert.ok(!existsSync(join(out, 'qwen3.5-9b', COMMIT_JOURNAL)), 'no commit journal is left');
    assert.deepEqual(await resultOf(out), first);
    assert.deepEqual((await readdir(join(out, 'qwen3.5-9b'))).sort(), ['samples', 'summary.json'], 'no temp file is left');
    const v = await runCli(['validate', out]);
    assert.equal(v.code, 0, v.stdout + v.stderr);
  });
});
