import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim } from '../../helpers/processes.ts';

it('--fail-on-error N and P%: the run stops once failures exceed the limit, writes no result, exit 1', async () => {
  const sim = await spawnSim(['--profile', 'aware', '--seed', '3', '--data-dir', fixtureData, '--faults', '500=0.7']);
  try {
    for (const limit of ['3', '20%']) {
      const work = await mkdtemp(join(tmpdir(), 'ut-failon-'));
      const before = (await sim.stats()).requests;
      const r = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate, '--out', join(work, 'results'), '--cache', join(work, 'c.sqlite'), '--retries', '0', '--concurrency', '2', '--fail-on-error', limit]);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, /stopped: \d+ requests failed after retries, more than .*--fail-on-error/);
      assert.doesNotMatch(r.stderr, /userturn: internal error|\n\s+at /);
      // Closing the CPU stage as the run stops is not a verifier fault (a review saw one such line per dataset).
      assert.doesNotMatch(r.stderr, /verifier for \w+ failed/);
      const sent = (await sim.stats()).requests - before;
      assert.ok(sent < 150, `${sent} requests sent after the limit was reached`);
      // "No result was written": nor any empty folder this run made.
      assert.equal(existsSync(join(work, 'results')), false, 'no results folder');
    }
    const bad = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--fail-on-error', 'lots']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--fail-on-error must be a count \(5\) or a share \(10%\)/);
  } finally {
    await sim.stop();
  }
});
