/**
 * `userturn judge` and `userturn rejudge` stop on a verdict their cache cannot store, as `userturn run` does
 * (tests/contract/runner/verdict-storage-fails.test.ts): exit 1, one line naming the cache file, no judge request
 * after the failure, nothing written (judge's --out as it was, the result folder byte for byte), and a rerun that
 * takes the verdicts committed before the failure from the cache. Both took the judge's StorageError for a judge
 * failure: judge wrote judge_error lines and rejudge rewrote the result with judge_error verdicts, sending on.
 * The real simulator is the judge endpoint; the preload fails the third commit holding a verdict, and every one after.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, fixtureResult, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { folderSnapshot as snapshot } from '../../helpers/folder-snapshot.ts';
import { commandWithStorageFailure, verdictRequests, verdictRows, type FailedCommand } from '../../helpers/storage-fails.ts';

const PROFILE = ['--profile', 'aware', '--seed', '7', '--data-dir', fixtureData];
// The judge's answers are spread out, so the failure comes while verdicts are still to be asked.
const JUDGE_MS = 150;

let slow: SpawnedSim;
let fast: SpawnedSim;
let work: string;
/** A finished result of `userturn run` on the simulator (heuristic judge), 70 user turns. */
let result: string;

const judgeConfig = (sim: SpawnedSim, name: string): string => {
  const file = join(work, name);
  writeFileSync(file, `base_url: ${sim.url}/v1\nmodel: judge-sim\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 10000\n`);
  return file;
};

/** The failure as `userturn run` reports it: exit 1, no stack, and on stderr one line, naming the cache. */
function assertStoppedOnCache(r: FailedCommand, cache: string): void {
  assert.equal(r.code, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /internal error|Unhandled|\n\s+at /, r.stderr);
  const lines = r.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('TEST: '));
  assert.equal(lines.length, 1, r.stderr);
  assert.ok(lines[0]!.startsWith(`${cache}: cannot write the request cache: database or disk is full`), r.stderr);
}

/** Requests the simulator saw after the failure; the look-up itself is one more than it had seen. */
const sentAfter = async (r: FailedCommand): Promise<number> => (await slow.stats()).requests - 1 - r.seenAtFailure;

before(async () => {
  [slow, fast] = await Promise.all([spawnSim([...PROFILE, '--latency-ms', String(JUDGE_MS)]), spawnSim(PROFILE)]);
  work = mkdtempSync(join(tmpdir(), 'ut-judge-storage-'));
  result = await fixtureResult(fast.url, join(work, 'run'), 3);
});
after(() => Promise.all([slow.stop(), fast.stop()]));

describe('a verdict the cache cannot store stops judge and rejudge', { timeout: 60_000 }, () => {
  it('userturn judge: exit 1, one line naming the cache, nothing sent after it, --out as it was; the rerun completes from the cache', async () => {
    const input = join(work, 'turns.jsonl');
    const lines = readdirSync(join(result, 'samples')).flatMap((f) => readFileSync(join(result, 'samples', f), 'utf8').trim().split('\n'));
    writeFileSync(input, lines.map((l) => JSON.stringify((({ id, question, response, user_turn }) => ({ id, question, response, user_turn }))(JSON.parse(l)))).join('\n') + '\n');
    const args = (cfg: string, cache: string, out: string) => ['judge', '--input', input, '--judge-config', cfg, '--cache', cache, '--out', out];

    await fetch(`${fast.url}/sim/reset`, { method: 'POST' });
    const ref = await runCli(args(judgeConfig(fast, 'fast.yaml'), join(work, 'judge-ref.sqlite'), join(work, 'ref.jsonl')));
    assert.equal(ref.code, 0, ref.stderr);
    const referenceVerdicts = verdictRequests(await fast.stats());

    const dir = mkdtempSync(join(work, 'judge-'));
    const out = join(dir, 'labels.jsonl');
    writeFileSync(out, '{"id":"from an earlier run"}\n');
    const cache = join(dir, 'cache.sqlite');
    await fetch(`${slow.url}/sim/reset`, { method: 'POST' });
    const r = await commandWithStorageFailure('llm-verdict', `${slow.url}/sim/stats?keys=0`, args(judgeConfig(slow, 'slow.yaml'), cache, out));
    assertStoppedOnCache(r, cache);
    assert.equal(await sentAfter(r), 0, 'judge requests reached the simulator after the failure');
    assert.equal(r.stdout, '');
    // No temp file is left beside it, and the earlier labels are not replaced by part of this run's.
    assert.equal(readFileSync(out, 'utf8'), '{"id":"from an earlier run"}\n');
    assert.deepEqual(readdirSync(dir).filter((f) => !f.startsWith('cache.sqlite')), ['labels.jsonl']);

    const stored = verdictRows(cache);
    assert.ok(stored > 0, 'no verdict was committed before the failure');
    await fetch(`${fast.url}/sim/reset`, { method: 'POST' });
    const again = await runCli(args(join(work, 'fast.yaml'), cache, out));
    assert.equal(again.code, 0, again.stderr);
    assert.equal(readFileSync(out, 'utf8'), readFileSync(join(work, 'ref.jsonl'), 'utf8'));
    const verdicts = verdictRequests(await fast.stats());
    assert.ok(verdicts < referenceVerdicts, `the rerun asked ${verdicts} verdicts, a fresh run ${referenceVerdicts}, with ${stored} stored`);
    console.log(`judge: ${stored} verdicts stored before the failure; the rerun asked ${verdicts} of ${referenceVerdicts}`);
  });

  it('userturn rejudge: exit 1, one line naming the cache, nothing sent after it, the result folder as it was; the rerun completes from the cache', async () => {
    const copy = (name: string) => {
      const dir = join(work, name, 'results', 'qwen3.5-9b');
      cpSync(result, dir, { recursive: true });
      return dir;
    };
    const refDir = copy('rejudge-ref');
    await fetch(`${fast.url}/sim/reset`, { method: 'POST' });
    const ref = await runCli(['rejudge', refDir, '--judge-config', judgeConfig(fast, 'fast.yaml'), '--cache', join(work, 'rejudge-ref.sqlite')]);
    assert.equal(ref.code, 0, ref.stderr);
    const referenceVerdicts = verdictRequests(await fast.stats());

    const dir = copy('rejudge-fails');
    const before = snapshot(dir);
    const cache = join(work, 'rejudge-fails', 'cache.sqlite');
    const args = (cfg: string) => ['rejudge', dir, '--judge-config', cfg, '--cache', cache];
    await fetch(`${slow.url}/sim/reset`, { method: 'POST' });
    const r = await commandWithStorageFailure('llm-verdict', `${slow.url}/sim/stats?keys=0`, args(judgeConfig(slow, 'slow.yaml')));
    assertStoppedOnCache(r, cache);
    assert.equal(await sentAfter(r), 0, 'judge requests reached the simulator after the failure');
    assert.equal(r.stdout, '');
    // Byte for byte, and nothing left beside the files (no temp file, no lock).
    assert.deepEqual(snapshot(dir), before);

    const stored = verdictRows(cache);
    assert.ok(stored > 0, 'no verdict was committed before the failure');
    await fetch(`${fast.url}/sim/reset`, { method: 'POST' });
    const again = await runCli(args(join(work, 'fast.yaml')));
    assert.equal(again.code, 0, again.stderr);
    assert.deepEqual(snapshot(dir), snapshot(refDir));
    const verdicts = verdictRequests(await fast.stats());
    assert.ok(verdicts < referenceVerdicts, `the rerun asked ${verdicts} verdicts, a fresh run ${referenceVerdicts}, with ${stored} stored`);
    console.log(`rejudge: ${stored} verdicts stored before the failure; the rerun asked ${verdicts} of ${referenceVerdicts}`);
  });
});
