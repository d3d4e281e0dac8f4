/**
 * A verdict that cannot be stored stops the run as any other storage failure does (storage-failure-stops.test.ts):
 * exit 1, one line naming the cache file, no request after the failure, no result written, and a rerun that completes
 * from the cache. The LLM judge stores its answers in its own connection to the cache file and awaits the commit;
 * it caught that commit's failure with every other fault and answered judge_error, so the run went on without the
 * verdict. The heuristic judge's verdicts are derived values (stage-cache.ts), committed with the run's cache.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { comparable, fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { cachedKeys, commandWithStorageFailure, verdictRequests, verdictRows } from '../../helpers/storage-fails.ts';

const PROFILE = ['--profile', 'aware', '--seed', '7', '--data-dir', fixtureData];
// The engine's answers are spread out, so the failure comes while requests are still to be sent.
const ENGINE_MS = 150;

type Where = 'llm-verdict' | 'heuristic-verdict';

async function args(url: string, work: string, where: Where): Promise<string[]> {
  const judge: string[] = [];
  if (where === 'llm-verdict') {
    const cfg = join(work, 'judge.yaml');
    await writeFile(cfg, `base_url: ${url}/v1\nmodel: judge-sim\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 10000\n`);
    judge.push('--judge-config', cfg);
  }
  return ['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate,
    '--datasets', 'gsm8k,mt_bench', '--limit', '6', '--concurrency', '4', ...judge, '--out', join(work, 'results'), '--cache', join(work, 'cache.sqlite')];
}

let slow: SpawnedSim;
let fast: SpawnedSim;
before(async () => {
  [slow, fast] = await Promise.all([spawnSim([...PROFILE, '--latency-ms', String(ENGINE_MS)]), spawnSim(PROFILE)]);
});
after(() => Promise.all([slow.stop(), fast.stop()]));

describe('a verdict the cache cannot store stops the run', { timeout: 120_000 }, () => {
  for (const where of ['llm-verdict', 'heuristic-verdict'] as const) {
    it(`${where === 'llm-verdict' ? "the LLM judge's answer" : 'a heuristic verdict'}: exit 1, one line naming the cache, nothing sent after it, no result; the rerun completes from the cache`, async () => {
      const refWork = await mkdtemp(join(tmpdir(), `ut-verdict-ref-`));
      await fetch(`${fast.url}/sim/reset`, { method: 'POST' });
      const ref = await runCli(await args(fast.url, refWork, where));
      assert.equal(ref.code, 0, ref.stderr);
      const reference = comparable(JSON.parse(await readFile(join(refWork, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8')));
      const referenceAnswers = Object.keys((await fast.stats()).completed).length;
      const referenceVerdicts = verdictRequests(await fast.stats());

      const work = await mkdtemp(join(tmpdir(), `ut-verdict-${where}-`));
      await fetch(`${slow.url}/sim/reset`, { method: 'POST' });
      const r = await commandWithStorageFailure(where, `${slow.url}/sim/stats?keys=0`, await args(slow.url, work, where));
      assert.equal(r.code, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /, r.stderr);
      const cache = join(work, 'cache.sqlite');
      const named = r.stderr.split('\n').filter((l) => l.includes(cache));
      assert.equal(named.length, 1, r.stderr);
      assert.match(named[0]!, /cannot write the request cache: database or disk is full/);
      // This look-up is one request more than the simulator had seen at the failure: none came from the run or its judge.
      const sentAfter = (await slow.stats()).requests - 1 - r.seenAtFailure;
      assert.equal(sentAfter, 0, `${sentAfter} request(s) reached the simulator after the failure`);
      const left = (await readdir(join(work, 'results'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile());
      assert.deepEqual(left.map((e) => e.name), [], 'no result file is left');

      const durable = cachedKeys(cache);
      const stored = verdictRows(cache);
      await fetch(`${fast.url}/sim/reset`, { method: 'POST' });
      const again = await runCli(await args(fast.url, work, where));
      assert.equal(again.code, 0, again.stderr);
      assert.equal(comparable(JSON.parse(await readFile(join(work, 'results', 'qwen3.5-9b', 'summary.json'), 'utf8'))), reference);
      const asked = Object.keys((await fast.stats()).completed);
      assert.deepEqual(asked.filter((k) => durable.has(k)), [], 'an answer the cache held was asked for again');
      if (where === 'llm-verdict') {
        assert.ok(stored > 0, 'no verdict was committed before the failure');
        // Not an exact count: twin verdict requests in flight together are each sent, as often as timing has it.
        const verdicts = verdictRequests(await fast.stats());
        assert.ok(verdicts < referenceVerdicts, `the rerun asked ${verdicts} verdicts, the first run ${referenceVerdicts}, with ${stored} stored`);
        console.log(`llm-verdict: ${stored} verdicts stored before the failure; the rerun asked ${verdicts} of ${referenceVerdicts} verdicts`);
      }
      console.log(`${where}: ${r.seenAtFailure} requests at the failure; the rerun sent ${asked.length} of ${referenceAnswers} requests`);
    });
  }
});
