/**
 * Results made with suite v1 stay valid and build next to current (v2) results, each labelled with its version.
 * The v1 result is a committed fixture written by the runner against the simulator:
 *   userturn sim --profile paper-qwen3.5-0.8b --seed 11 --data-dir tests/fixtures/datasets
 *   userturn run runners/demo/submissions/paper/sim-qwen3.5-0.8b.yaml --suite benchmark/suites/v1.yaml --limit 2
 *     --datasets gsm8k,mt_bench --data-dir tests/fixtures/datasets --template <qwen3 tokenizer_config.json>
 *     --no-cache --out tests/fixtures/results-v1
 * The v2 result is made here the same way with the current suite.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { astroBuild, leaderboardTable } from '../../helpers/site-build.ts';
import { fixtureData, qwenTemplate, root, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const V1 = join(root, 'tests/fixtures/results-v1');
const V1_ID = 'sim-qwen3.5-0.8b';
const V2_ID = 'sim-gpt-oss-20b';
const SUITES = join(root, 'benchmark/suites');
const currentVersion = Math.max(...readdirSync(SUITES).filter((f) => /\.ya?ml$/.test(f)).map((f) => (parse(readFileSync(join(SUITES, f), 'utf8')) as { version: number }).version));

describe('suite versions on the site', () => {
  let sim: SpawnedSim;
  let results: string;
  before(async () => {
    results = mkdtempSync(join(tmpdir(), 'ut-suites-'));
    sim = await spawnSim(['--profile', 'paper-gpt-oss-20b', '--seed', '3', '--data-dir', fixtureData]);
  });
  after(async () => {
    await sim.stop();
    rmSync(results, { recursive: true, force: true });
  });

  it('the committed v1 result validates and says it ran suite v1', async () => {
    const r = await runCli(['validate', V1]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const s = JSON.parse(readFileSync(join(V1, V1_ID, 'summary.json'), 'utf8'));
    assert.equal(s.provenance.suite_version, 1);
    assert.ok(currentVersion > 1, 'the current suite is newer than v1');
  });

  it('a site built from the v1 result and a current result renders both, each labelled with its suite version', async () => {
    const run = await runCli(['run', join(root, `runners/demo/submissions/paper/${V2_ID}.yaml`), '--base-url', `${sim.url}/v1`, '--limit', '2',
      '--datasets', 'gsm8k,mt_bench', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache', '--out', results]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(readFileSync(join(results, V2_ID, 'summary.json'), 'utf8')).provenance.suite_version, currentVersion);
    cpSync(join(V1, V1_ID), join(results, V1_ID), { recursive: true });
    const v = await runCli(['validate', results]);
    assert.equal(v.code, 0, v.stdout + v.stderr);

    const b = astroBuild({ USERTURN_RESULTS_DIR: results });
    try {
      assert.equal(b.status, 0, b.text.slice(-2000));
      const home = readFileSync(join(b.out, 'index.html'), 'utf8');
      for (const id of [V1_ID, V2_ID]) assert.match(leaderboardTable(home), new RegExp(`<tr data-model="${id.replace(/\./g, '\\.')}"`), `${id} is on the leaderboard`);
      const note = /<p[^>]*data-testid="older-suite-note"[\s\S]*?<\/p>/.exec(home)?.[0] ?? assert.fail('no older-suite note on the leaderboard');
      assert.match(note, /<strong>v1<\/strong>/);
      assert.match(note, new RegExp(`models/${V1_ID.replace(/\./g, '\\.')}/`));
      assert.doesNotMatch(note, new RegExp(V2_ID.replace(/\./g, '\\.')));

      const page = (id: string) => readFileSync(join(b.out, 'models', id, 'index.html'), 'utf8');
      const old = page(V1_ID);
      assert.match(old, /data-testid="suite-version" data-suite-version="1" data-current="false"/);
      assert.match(old, /data-testid="older-suite"/);
      // The simulated submissions are not in submissions/, so the page says why there is no command (no placeholder).
      assert.match(old, /--suite benchmark\/suites\/v1\.yaml|data-testid="reproduce-missing"/);
      assert.match(old, /data-check="current_suite" data-ok="false"/);
      const cur = page(V2_ID);
      assert.match(cur, new RegExp(`data-testid="suite-version" data-suite-version="${currentVersion}" data-current="true"`));
      assert.doesNotMatch(cur, /data-testid="older-suite"/);
      assert.match(cur, new RegExp(`--suite benchmark/suites/v${currentVersion}\\.yaml|data-testid="reproduce-missing"`));
    } finally {
      rmSync(b.tmp, { recursive: true, force: true });
    }
  });
});
