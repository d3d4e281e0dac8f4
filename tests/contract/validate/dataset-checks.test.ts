/**
 * validate reads a result against its datasets when the run's dataset files are at hand (runners/validate/
 * dataset-checks.ts): its items are the suite's seeded choice (a review deleted every sample of a wrongly answered item,
 * rebuilt the summary, and GSM8K accuracy rose from 0.8 to 1 with every figure agreeing with the samples), and each
 * item's accuracy is what the verifier gives its answer.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { runCli } from '../../helpers/cli.ts';
import { rebuildSummary } from '../../helpers/rebuild-summary.ts';
import { fixtureData, qwenTemplate, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';


let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '3', '--data-dir', fixtureData]);
});
after(() => sim.stop());

/** Validate with the run's own dataset files at hand. */
const env = { USERTURN_DATA_DIR: fixtureData };

/** A run of 4 GSM8K items on the fixture datasets, into a fresh folder; its result folder. */
function run(work: string): string {
  const out = join(work, 'results');
  const r = runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${sim.url}/v1`, '--limit', '4', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--no-cache']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(runCli(['validate', out], { env }).code, 0, 'as written');
  return out;
}

it('an item left out of a result (its samples deleted, the summary rebuilt) is not the seeded choice of its --limit', async () => {
  const work = mkdtempSync(join(tmpdir(), 'ut-items-'));
  try {
    const out = run(work);
    const dir = join(out, 'qwen3.5-9b');
    const f = join(dir, 'samples', 'gsm8k.jsonl');
    const lines = readFileSync(f, 'utf8').split('\n').filter(Boolean);
    const first = JSON.parse(lines[0]!).item_id;
    writeFileSync(f, `${lines.filter((l) => JSON.parse(l).item_id !== first).join('\n')}\n`);
    rebuildSummary(dir);
    assert.equal(runCli(['validate', out]).code, 0, 'without the dataset files nothing tells');
    const v = runCli(['validate', out], { env });
    assert.equal(v.code, 1, v.stdout + v.stderr);
    assert.match(v.stderr, /qwen3\.5-9b\/summary\.json: datasets\[0\]\.item_ids: are not the suite's seeded choice of 3 gsm8k items/);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

it('an item whose samples carry an accuracy its answer does not get (flipped, the summary rebuilt) is named', async () => {
  const work = mkdtempSync(join(tmpdir(), 'ut-accuracy-'));
  try {
    const out = run(work);
    const dir = join(out, 'qwen3.5-9b');
    const f = join(dir, 'samples', 'gsm8k.jsonl');
    const samples = readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const item = samples.find((x) => x.accuracy && !x.unfinished)!.item_id;
    for (const x of samples) if (x.item_id === item && x.accuracy) x.accuracy.correct = !x.accuracy.correct;
    writeFileSync(f, `${samples.map((x) => JSON.stringify(x)).join('\n')}\n`);
    rebuildSummary(dir);
    const v = runCli(['validate', out], { env });
    assert.equal(v.code, 1, v.stdout + v.stderr);
    assert.match(v.stderr, new RegExp(`summary\\.json: datasets\\[0\\]\\.accuracy: rests on samples/gsm8k\\.jsonl, whose item "${item}" carries an accuracy its answer does not get from the verifier`));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
