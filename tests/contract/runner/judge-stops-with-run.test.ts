/**
 * A run that fails stops its LLM judge too: no judge request is sent after the failure and those in flight are given
 * up, as the completions client's are (storage-failure-stops.test.ts). Before, the judge's requests ran on to their
 * end (and its retries after them), so a run whose samples file could not be written kept its judge endpoint busy and
 * ended only when the slowest verdict came back.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fixtureData, qwenTemplate, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { commandWithStorageFailure } from '../../helpers/storage-fails.ts';

// The simulator's judge answers each verdict's first attempt this late and malformed, its retry at once and valid
// (`slow<N>`, `malformed` and `flaky` in its model name): a judge that is not stopped sends its retries after the failure.
const JUDGE_MS = 2000;
// The engine's answers are spread out (few at a time, each a while), so verdicts are asked at many moments.
const ENGINE_MS = 200;

let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '7', '--data-dir', fixtureData, '--latency-ms', String(ENGINE_MS)]);
});
after(() => sim.stop());

test('a run whose samples file fails sends no judge request after it and ends without waiting for the judge', { timeout: 60_000 }, async () => {
  const work = await mkdtemp(join(tmpdir(), 'ut-judge-stops-'));
  const cfg = join(work, 'judge.yaml');
  await writeFile(cfg, `base_url: ${sim.url}/v1\nmodel: judge-slow${JUDGE_MS}-malformed-flaky\nretries: 2\nbackoff_ms: 0\ntimeout_ms: 10000\n`);
  const args = ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate,
    '--datasets', 'gsm8k,mt_bench', '--limit', '6', '--concurrency', '4', '--judge-config', cfg, '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite')];
  const r = await commandWithStorageFailure('samples', `${sim.url}/sim/stats?keys=0`, args);
  assert.equal(r.code, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, r.stderr);
  const samples = join(work, 'results', 'qwen3.5-9b', 'samples');
  const named = r.stderr.split('\n').filter((l) => l.includes(samples));
  assert.equal(named.length, 1, r.stderr);
  assert.match(named[0]!, /cannot write results: no space left on the device/);
  // This look-up is one request more than the simulator had seen at the failure: none came from the run or its judge.
  const stats = await sim.stats();
  const sentAfter = stats.requests - 1 - r.seenAtFailure;
  assert.equal(sentAfter, 0, `${sentAfter} request(s) reached the simulator after the failure`);
  const judged = ((await (await fetch(`${sim.url}/sim/judge-requests`)).json()) as { requests: unknown[] }).requests.length;
  assert.ok(judged > 0, 'the judge was asked before the failure');
  // Waiting for the verdicts in flight would take up to a verdict's latency.
  assert.ok(r.exitAfterMs < JUDGE_MS / 2, `the run ended ${Math.round(r.exitAfterMs)} ms after the failure`);
  console.log(`${r.seenAtFailure} requests at the failure, the run ended ${Math.round(r.exitAfterMs)} ms later`);
  const left = (await readdir(join(work, 'results'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile());
  assert.deepEqual(left.map((e) => e.name), [], 'no result file is left');
});
