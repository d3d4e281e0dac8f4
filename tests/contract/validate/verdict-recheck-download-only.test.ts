/**
 * validate re-judges the heuristic verdicts of a download-only dataset (HealthBench) too when USERTURN_DATA_DIR holds
 * the files the run read: its samples keep a placeholder where the prompt was, and the prompts come from those files
 * (runners/datasets/as-run.ts, the helper rejudge uses). Without them the verdicts are noted, not re-judged. The result
 * is a real `userturn run` of the hand-written HealthBench fixture on the simulator, judged by the heuristic judge.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HEURISTIC_VERSION } from '../../../runners/judge/heuristic/version.ts';
import type { Sample } from '../../../src/schema/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { rebuildSummary } from '../../helpers/rebuild-summary.ts';
import { fixtureData, qwenTemplate, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const ID = 'qwen3.5-9b';
const CURRENT = `heuristic:${HEURISTIC_VERSION}`;
const NO_DATA = { USERTURN_DATA_DIR: '' };
const WITH_DATA = { USERTURN_DATA_DIR: fixtureData };
let sim: SpawnedSim;
let work: string;
let clean: string;

before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '5', '--data-dir', fixtureData]);
  work = mkdtempSync(join(tmpdir(), 'ut-recheck-hb-'));
  clean = join(work, 'clean');
  const r = runCli(['run', `submissions/qwen/${ID}.yaml`, '--base-url', `${sim.url}/v1`, '--limit', '5', '--datasets', 'healthbench', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', clean, '--no-cache'], { env: { ...NO_DATA, USERTURN_CACHE_DIR: join(work, 'cache') } });
  assert.equal(r.code, 0, r.stderr);
});
after(async () => {
  await sim.stop();
  rmSync(work, { recursive: true, force: true });
});

const samplesFile = (out: string) => join(out, ID, 'samples', 'healthbench.jsonl');
const read = (out: string): Sample[] => readFileSync(samplesFile(out), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const NOTE = new RegExp(`^note: .*samples/healthbench\\.jsonl: verdicts: not re-judged: 55 verdicts of ${CURRENT.replace('.', '\\.')} \\(a download-only dataset: the judge saw its prompts, which results do not hold; USERTURN_DATA_DIR with the files the run read lets validate re-judge them\\)$`, 'm');

/** A copy of the clean result with one genuine_followup verdict flipped and the summary rebuilt, as a forger would. */
function flipped(): { out: string; line: number; id: string } {
  const out = join(work, 'flipped');
  cpSync(clean, out, { recursive: true });
  const samples = read(out);
  const i = samples.findIndex((s) => s.verdicts[0]?.kind === 'label' && s.verdicts[0].label === 'genuine_followup');
  assert.ok(i >= 0);
  const v = samples[i]!.verdicts[0]!;
  if (v.kind === 'label') v.label = 'new_unrelated_query';
  writeFileSync(samplesFile(out), `${samples.map((x) => JSON.stringify(x)).join('\n')}\n`);
  rebuildSummary(join(out, ID));
  return { out, line: i + 1, id: samples[i]!.id };
}

describe('validate re-judges download-only verdicts from the run\'s files', () => {
  it('with USERTURN_DATA_DIR holding the run\'s files: every verdict is re-judged on the real prompt, ok, no note', () => {
    const samples = read(clean);
    assert.ok(samples.every((s) => s.question === `[healthbench item ${s.item_id}: prompt not redistributed]` && s.verdicts[0]?.judge === CURRENT));
    const r = runCli(['validate', clean], { env: WITH_DATA });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stderr, '');
    assert.doesNotMatch(r.stdout, /not re-judged/);
  });

  it('without them (no data dir, or another file): a note, no error', () => {
    const other = join(work, 'other-data');
    mkdirSync(join(other, 'healthbench'), { recursive: true });
    writeFileSync(join(other, 'healthbench', 'healthbench.jsonl'), readFileSync(join(fixtureData, 'healthbench', 'healthbench.jsonl'), 'utf8').replace('fever of 39.2 C', 'fever of 38.5 C'));
    const r = runCli(['validate', clean], { env: NO_DATA });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, NOTE);
    // With a data dir set, the note says what is wrong with it rather than to set it.
    const wrong = runCli(['validate', clean], { env: { USERTURN_DATA_DIR: other } });
    assert.equal(wrong.code, 0, wrong.stdout + wrong.stderr);
    const file = join(other, 'healthbench', 'healthbench.jsonl').replace(/[.\\/]/g, '\\$&');
    assert.match(wrong.stdout, new RegExp(`not re-judged: 55 verdicts of .*; USERTURN_DATA_DIR does not hold the files the run read: ${file} has sha256 [0-9a-f]{12}…, not the [0-9a-f]{12}… the run read\\)$`, 'm'));
    const missing = runCli(['validate', clean], { env: { USERTURN_DATA_DIR: join(work, 'nowhere') } });
    assert.match(missing.stdout, /USERTURN_DATA_DIR does not hold the files the run read: .*nowhere.*healthbench\.jsonl: not found/);
  });

  it('a flipped label with the summary rebuilt: refused at the sample with the data, only noted without', () => {
    const { out, line, id } = flipped();
    const r = runCli(['validate', out], { env: WITH_DATA });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0]!, new RegExp(`${ID}/samples/healthbench\\.jsonl:${line}: verdicts\\[0\\]\\.label: is "new_unrelated_query" but ${CURRENT.replace('.', '\\.')} gives "genuine_followup" \\(rule [\\w.]+\\) on the prompt \\(from USERTURN_DATA_DIR\\), response and user_turn of sample "${id.replace(/[.~]/g, '\\$&')}"`));
    const blind = runCli(['validate', out], { env: NO_DATA });
    assert.equal(blind.code, 0, blind.stdout + blind.stderr);
    assert.match(blind.stdout, NOTE);
  });
});
