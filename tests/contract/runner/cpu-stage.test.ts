import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { currentSuitePath } from '../../../runners/core/defaults.ts';
import { createHeuristicJudge } from '../../../runners/judge/index.ts';
import { runProbeCommand } from '../../../runners/probe/run-probe.ts';
import type { RunDeps } from '../../../runners/probe/run-options.ts';
import { verify } from '../../../runners/verifiers/index.ts';
import { comparable, fixtureData, qwenTemplate, root, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/** Every sample line of a result without its timings (the only field two runs may differ in). */
async function samplesWithoutTimings(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of (await readdir(join(dir, 'samples'))).sort()) {
    const lines = (await readFile(join(dir, 'samples', f), 'utf8')).split('\n').filter(Boolean);
    out[f] = lines.map((l) => JSON.stringify({ ...JSON.parse(l), timings: null })).join('\n');
  }
  return out;
}

async function run(url: string, deps: RunDeps) {
  const work = await mkdtemp(join(tmpdir(), 'ut-cpu-stage-'));
  const outcome = await runProbeCommand(
    {
      root, submissionPath: join(root, 'submissions/qwen/qwen3.5-9b.yaml'), suitePath: currentSuitePath(), baseURLs: [`${url}/v1`], concurrency: 16, timeoutMs: 30_000, maxAttempts: 3, backoffBaseMs: 10,
      backoffMaxMs: 50, dataDir: fixtureData, cacheDir: join(work, 'hub'), cachePath: join(work, 'cache.sqlite'), outDir: join(work, 'results'), templateOverride: qwenTemplate,
      limit: 6, datasets: null, shard: null, judgeConfigs: [], tty: false, progressIntervalMs: 600_000, log: () => {}, out: () => {}, progressWrite: () => {},
    },
    deps,
  );
  assert.equal(outcome.exitCode, 0);
  return { dir: outcome.resultDir!, summary: outcome.summary! as unknown as Record<string, unknown> };
}

describe('the CPU stage (heuristic judge and verifiers in a worker thread)', () => {
  let sim: SpawnedSim;
  before(async () => {
    // A profile that writes every label, on every dataset (GSM8K, IFEval and IFBench verifiers all score).
    sim = await spawnSim(['--profile', 'restater', '--seed', '5', '--data-dir', fixtureData, '--latency-ms', '1']);
  });
  after(() => sim.stop());

  it('gives the same samples and summary as judging and verifying in the main thread', async () => {
    const inThread = await run(sim.url, { judges: [createHeuristicJudge()], verify });
    const offloaded = await run(sim.url, {});
    assert.deepEqual(await samplesWithoutTimings(offloaded.dir), await samplesWithoutTimings(inThread.dir));
    const summaryOf = (s: Record<string, unknown>) => JSON.parse(comparable(s)) as { datasets: Array<{ accuracy: unknown }> };
    assert.deepEqual(summaryOf(offloaded.summary).datasets, summaryOf(inThread.summary).datasets);
    assert.ok(summaryOf(offloaded.summary).datasets.filter((d) => d.accuracy !== null).length >= 3, 'three verifiers scored');
  });
});
