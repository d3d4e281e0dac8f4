import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, test } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '5', '--data-dir', fixtureData]);
});
after(() => sim.stop());

function runArgs(work: string, cacheFlags: string[]): string[] {
  const cfg = join(work, 'judge.yaml');
  writeFileSync(cfg, `base_url: ${sim.url}/v1\nmodel: judge-sim\nretries: 1\nbackoff_ms: 0\ntimeout_ms: 5000\n`);
  return ['run', SUBMISSION, '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData,
    '--template', qwenTemplate, '--judge-config', cfg, '--out', join(work, 'results'), ...cacheFlags];
}

test('the LLM judge of a run caches its verdicts in the run\'s --cache file, and --no-cache writes no cache anywhere', async () => {
  const work = mkdtempSync(join(tmpdir(), 'ut-judge-cache-'));
  const cache = join(work, 'run.sqlite');
  const r = await runCli(runArgs(work, ['--cache', cache]));
  assert.equal(r.code, 0, r.stderr);
  const db = new DatabaseSync(cache);
  const rows = (db.prepare('SELECT COUNT(*) AS n FROM responses WHERE model LIKE ?').get('judge%') as { n: number }).n;
  db.close();
  // One GSM8K item: 12 user turns across the suite's conditions, each judged once by the LLM judge.
  assert.ok(rows >= 12, `expected the judge's verdicts in ${cache}, found ${rows} rows`);

  const isolated = mkdtempSync(join(tmpdir(), 'ut-judge-nocache-'));
  const r2 = await runCli(runArgs(work, ['--no-cache']), { env: { USERTURN_CACHE_DIR: isolated, HOME: isolated } });
  assert.equal(r2.code, 0, r2.stderr);
  assert.equal(existsSync(join(isolated, 'requests.sqlite')), false, '--no-cache must not create the default cache');
});
