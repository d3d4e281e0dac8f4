/**
 * A storage failure in the middle of a run (the samples' temp file or the cache file cannot take a write) stops it at
 * once: no request is sent after the failure is seen and the requests in flight are given up, not waited for. Found by
 * a review: items in flight ran on to their end, sending their further requests to the GPU host (the sample sink's
 * failure never reached the client, and a cache commit's was seen only at the next write). The answers committed
 * before the failure are reused by the rerun.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { comparable, fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { cachedKeys, commandWithStorageFailure } from '../../helpers/storage-fails.ts';

const PROFILE = ['--profile', 'aware', '--seed', '7', '--data-dir', fixtureData];
// Every answer takes this long at the slow simulator: a run that waited for its requests in flight ends this late.
const LATENCY_MS = 2000;
const args = (url: string, work: string, concurrency: number) => ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--datasets', 'gsm8k,mt_bench', '--limit', '6', '--concurrency', String(concurrency), '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite')];

/** The run with the preload failing storage at `where` (tests/helpers/storage-fails.ts). */
const failingRun = (where: 'samples' | 'cache', work: string) => commandWithStorageFailure(where, `${slow.url}/sim/stats?keys=0`, args(slow.url, work, 16));

let slow: SpawnedSim;
let fast: SpawnedSim;
let reference: string;
let referenceRequests: number;
before(async () => {
  [slow, fast] = await Promise.all([spawnSim([...PROFILE, '--latency-ms', String(LATENCY_MS)]), spawnSim(PROFILE)]);
  const work = await mkdtemp(join(tmpdir(), 'ut-stops-ref-'));
  const r = await runCli(args(fast.url, work, 16));
  assert.equal(r.code, 0, r.stderr);
  reference = comparable(JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8')));
  referenceRequests = Object.keys((await fast.stats()).completed).length;
});
after(() => Promise.all([slow.stop(), fast.stop()]));

describe('a storage failure mid-run stops it at once', { timeout: 120_000 }, () => {
  const cases = {
    samples: { file: (work: string) => join(work, 'results', 'qwen3.5-9b', 'samples'), says: /cannot write results: no space left on the device/ },
    cache: { file: (work: string) => join(work, 'cache.sqlite'), says: /cannot write the request cache: database or disk is full/ },
  } as const;
  for (const [where, expect] of Object.entries(cases) as Array<[keyof typeof cases, (typeof cases)[keyof typeof cases]]>) {
    it(`the ${where === 'samples' ? "samples' temp file" : 'cache file'} fails: no request after it, those in flight given up, exit 1; the rerun reuses every committed answer`, async () => {
      const work = await mkdtemp(join(tmpdir(), `ut-stops-${where}-`));
      const r = await failingRun(where, work);
      assert.equal(r.code, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, r.stderr);
      const named = r.stderr.split('\n').filter((l) => l.includes(expect.file(work)));
      assert.equal(named.length, 1, r.stderr);
      assert.match(named[0]!, expect.says);
      // This look-up is one request more than the simulator had seen at the failure: none came from the run.
      const sentAfter = (await slow.stats()).requests - 1 - r.seenAtFailure;
      assert.equal(sentAfter, 0, `${sentAfter} request(s) reached the simulator after the failure`);
      // Waiting for the requests in flight would take up to an answer's latency.
      assert.ok(r.exitAfterMs < LATENCY_MS, `the run ended ${Math.round(r.exitAfterMs)} ms after the failure`);
      const left = (await readdir(join(work, 'results'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile());
      assert.deepEqual(left.map((e) => e.name), [], 'no result file is left');
      console.log(`${where}: ${r.seenAtFailure} requests at the failure, the run ended ${Math.round(r.exitAfterMs)} ms later`);

      // The rerun, on a simulator that answers at once: the answers committed before the failure are not asked again.
      const durable = cachedKeys(join(work, 'cache.sqlite'));
      await fetch(`${fast.url}/sim/reset`, { method: 'POST' });
      const again = await runCli(args(fast.url, work, 16));
      assert.equal(again.code, 0, again.stderr);
      assert.equal(comparable(JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8'))), reference);
      const asked = Object.keys((await fast.stats()).completed);
      assert.deepEqual(asked.filter((k) => durable.has(k)), [], 'an answer the cache held was asked for again');
      assert.equal(asked.length, referenceRequests - durable.size);
    });
  }
});
