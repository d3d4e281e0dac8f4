import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * TGI's text depends on the stream mode (special tokens streamed, none when not: router/src/server.rs completions()),
 * and the runner reads it by the mode of the run: answers cached in one mode must not be read by a run in the other.
 */
let sim: SpawnedSim;
const work = mkdtempSync(join(tmpdir(), 'ut-tgi-cache-'));
const sub = join(work, 'tgi-model.yaml');
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--engine', 'tgi', '--data-dir', fixtureData]);
  writeFileSync(sub, ['id: tgi-model', 'display_name: T', 'family: test', 'hf:', '  repo: example/model', '  revision: main', 'params:', '  total_b: 1', '  active_b: 1', 'license: mit',
    'serving:', '  engine: tgi', '  max_model_len: 32768', 'reasoning:', '  mode: none', 'submitter:', '  github: userturn-tests', ''].join('\n'));
});
after(() => sim.stop());

async function run(stream: '0' | '1') {
  const r = await runCli(['run', sub, '--json', '--base-url', `${sim.url}/v1`, '--template', qwenTemplate, '--data-dir', fixtureData, '--limit', '1', '--datasets', 'gsm8k',
    '--out', join(work, `results-${stream}`), '--cache', join(work, 'cache.sqlite')], { env: { USERTURN_STREAM: stream } });
  assert.equal(r.code, 0, r.stderr);
  const line = JSON.parse(r.stdout) as { requests: { sent: number; cache_hits: number }; summary_file: string };
  const summary = JSON.parse(readFileSync(line.summary_file, 'utf8')) as { provenance: { engine_settings: { streamed?: boolean } } };
  return { ...line.requests, streamed: summary.provenance.engine_settings.streamed };
}

describe('TGI: one request cache, both stream modes', () => {
  it('a streamed run does not read the answers of a USERTURN_STREAM=0 run (nor the reverse), each resumes from its own, and the summary says which mode it ran in', async () => {
    const plain = await run('0');
    assert.ok(plain.sent > 0 && plain.cache_hits === 0, JSON.stringify(plain));
    assert.equal(plain.streamed, false);
    // It used to take every answer from the cache: the non-streamed text, read as if streamed.
    const streamed = await run('1');
    assert.ok(streamed.sent > 0 && streamed.cache_hits === 0, JSON.stringify(streamed));
    assert.equal(streamed.streamed, true);
    for (const mode of ['0', '1'] as const) {
      const again = await run(mode);
      assert.deepEqual([again.sent, again.cache_hits > 0, again.streamed], [0, true, mode === '1'], `USERTURN_STREAM=${mode}: ${JSON.stringify(again)}`);
    }
  });
});
