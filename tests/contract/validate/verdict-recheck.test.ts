/**
 * validate judges every verdict of the current heuristic rules again (runners/validate/verdict-recheck.ts): a results
 * pull request could flip verdict labels in a samples file, rebuild summary.json with the real buildSummary, and pass
 * every other check. A clean run's verdicts come out the same; a flipped label or an edited rule is refused at the
 * sample's line; verdicts of older rules are not re-judged and a note says so.
 */
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { HEURISTIC_VERSION } from '../../../runners/judge/heuristic/version.ts';
import { validatePaths } from '../../../runners/validate/validate-files.ts';
import { TARGETED } from '../../../bench/judge-hostile-families.ts';
import type { Sample } from '../../../src/schema/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { rebuildSummary } from '../../helpers/rebuild-summary.ts';
import { fixtureData, qwenTemplate, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

const ID = 'qwen3.5-9b';
const CURRENT = `heuristic:${HEURISTIC_VERSION}`;
let sim: SpawnedSim;
let work: string;
/**
 * A run of 4 GSM8K items on the simulator, judged by the default (heuristic) judge, every condition of the suite. The
 * simulator, as vLLM with its stop strings ignored, runs user turns on past a role header, so the runner cuts most of
 * them itself and the judge is given the cut text.
 */
let clean: string;

before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '3', '--data-dir', fixtureData, '--engine', 'vllm', '--ignore-stops', '--run-past']);
  work = mkdtempSync(join(tmpdir(), 'ut-recheck-'));
  clean = join(work, 'clean');
  const r = runCli(['run', `submissions/qwen/${ID}.yaml`, '--base-url', `${sim.url}/v1`, '--limit', '4', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', clean, '--no-cache']);
  assert.equal(r.code, 0, r.stderr);
});
after(async () => {
  await sim.stop();
  rmSync(work, { recursive: true, force: true });
});

const samplesFile = (out: string) => join(out, ID, 'samples', 'gsm8k.jsonl');
const read = (out: string): Sample[] => readFileSync(samplesFile(out), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const write = (out: string, samples: Sample[]) => writeFileSync(samplesFile(out), `${samples.map((x) => JSON.stringify(x)).join('\n')}\n`);

/** A copy of the clean result with `edit` applied to its samples and the summary rebuilt from them, as a forger would. */
function forged(name: string, edit: (samples: Sample[]) => void): string {
  const out = join(work, name);
  cpSync(clean, out, { recursive: true });
  const samples = read(out);
  edit(samples);
  write(out, samples);
  rebuildSummary(join(out, ID));
  return out;
}

/** The first judged sample whose verdict is `label`, and its line in the samples file (1-based). */
function judged(samples: Sample[], label?: string): { s: Sample; line: number } {
  const i = samples.findIndex((x) => x.verdicts[0]?.kind === 'label' && (label === undefined || x.verdicts[0].label === label));
  assert.ok(i >= 0, `no sample labelled ${label}`);
  return { s: samples[i]!, line: i + 1 };
}

describe('validate re-judges the current heuristic verdicts', () => {
  it('a clean run re-judges to the same verdicts: ok, and no note', () => {
    const samples = read(clean);
    assert.ok(samples.length > 0 && samples.every((s) => s.verdicts.every((v) => v.judge === CURRENT)), 'every verdict is the current rules\'');
    assert.ok(samples.filter((s) => s.user_turn_cut).length >= samples.length / 2, 'the runner cut the user turns');
    assert.ok(new Set(samples.map((s) => s.condition)).size >= 5, 'truncated, appended and reference contexts are among them');
    const r = runCli(['validate', clean]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(r.stderr, '');
    assert.doesNotMatch(r.stdout, /not re-judged/);
  });

  it('one label flipped, the summary rebuilt: refused at the sample, and nothing else is wrong', () => {
    let at = { s: null as Sample | null, line: 0 };
    const out = forged('flipped', (samples) => {
      at = judged(samples, 'genuine_followup');
      const v = at.s!.verdicts[0]!;
      if (v.kind === 'label') v.label = 'new_unrelated_query';
    });
    const r = runCli(['validate', out]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0]!, new RegExp(`${ID}/samples/gsm8k\\.jsonl:${at.line}: verdicts\\[0\\]\\.label: is "new_unrelated_query" but ${CURRENT.replace('.', '\\.')} gives "genuine_followup" \\(rule [\\w.]+\\) on the question, response and user_turn of sample "${at.s!.id.replace(/[.~]/g, '\\$&')}"`));
    assert.match(r.stdout, /validated \d+ files: 1 error/);
  });

  it('the rule alone changed is refused too', () => {
    let line = 0;
    const out = forged('rule', (samples) => {
      const at = judged(samples);
      line = at.line;
      const v = at.s.verdicts[0]!;
      if (v.kind === 'label') v.rule = 'grounding.explicit_reference\u001b[31m'; // no rule's name: the label stays
    });
    const r = runCli(['validate', out]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`gsm8k\\.jsonl:${line}: verdicts\\[0\\]\\.rule: is "grounding\\.explicit_reference\\\\u001b\\[31m" but ${CURRENT.replace('.', '\\.')} gives "[\\w.]+"`));
    assert.doesNotMatch(r.stderr, /\u001b/, 'the stored text is shown escaped');
  });

  it('verdicts of an older heuristic version are not re-judged: a flipped label passes, and a note says so', () => {
    const OLD = 'heuristic:heuristic-v6';
    const out = forged('older', (samples) => {
      for (const s of samples) for (const v of s.verdicts) v.judge = OLD;
      const v = judged(samples, 'genuine_followup').s.verdicts[0]!;
      if (v.kind === 'label') v.label = 'new_unrelated_query';
    });
    const f = join(out, ID, 'summary.json');
    const summary = JSON.parse(readFileSync(f, 'utf8'));
    summary.provenance.judges[0] = { ...summary.provenance.judges[0], id: OLD, prompt_version: 'heuristic-v6' };
    summary.provenance.primary_judge = OLD;
    writeFileSync(f, JSON.stringify(summary));
    rebuildSummary(join(out, ID));
    const r = runCli(['validate', out]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`^note: .*${ID}/samples/gsm8k\\.jsonl: verdicts: not re-judged: \\d+ verdicts of ${OLD.replace('.', '\\.')} \\(older rules: validate runs only ${HEURISTIC_VERSION}\\)$`, 'm'));
    const gh = runCli(['validate', '--format', 'github', out]);
    assert.equal(gh.code, 0, gh.stdout + gh.stderr);
    assert.match(gh.stdout, /^::notice file=.*samples\/gsm8k\.jsonl,line=1,col=1,title=verdicts::verdicts: not re-judged: /m);
  });

  it('a sample whose re-judging passes the deadline is refused at its line, and the samples after it are still judged', async () => {
    // "如果" openings with no 会/呢: no rule's time grows faster than the text any more (docs/judges.md), so the slowest
    // text per byte that we know stands in, as long as a line may hold (600k characters, 0.9 MB): 1.5 s or more on
    // this 2-core machine, where normal samples take milliseconds; a budget of 0.4 s stands in for validate's 10 s.
    // (When WEAK_REF_ML still grew with the square of the turn, 128k characters took 5 s.)
    const family = TARGETED.find((f) => f.name === '如果…(no 会/呢)')!;
    const BUDGET_MS = 400;
    let hostile = { id: '', line: 0 };
    let flipped = 0;
    const out = forged('hostile', (samples) => {
      samples[0]!.user_turn = family.make(600_000);
      hostile = { id: samples[0]!.id, line: 1 };
      const i = samples.findLastIndex((x) => x.verdicts[0]?.kind === 'label');
      const v = samples[i]!.verdicts[0]!;
      if (v.kind === 'label') v.label = v.label === 'new_unrelated_query' ? 'generic_closing' : 'new_unrelated_query';
      flipped = i + 1;
    });
    assert.ok(flipped > 1);
    const t0 = performance.now();
    const r = await validatePaths([out], process.cwd(), { budgetMs: BUDGET_MS });
    const ms = performance.now() - t0;
    assert.deepEqual(
      r.errors.map((e) => `${e.file.replace(/.*\//, '')}: ${e.field}`),
      [`gsm8k.jsonl:${hostile.line}: verdicts`, `gsm8k.jsonl:${flipped}: verdicts[0].label`],
      r.errors.map((e) => e.message).join('\n'),
    );
    assert.equal(r.errors[0]!.message, `re-judging sample "${hostile.id}" took over 0.4 s (normal samples take milliseconds): its question, response or user_turn makes the rules' time grow faster than its length; refused`);
    assert.match(r.errors[1]!.message, / on the question, response and user_turn of sample /, 'judged by the thread started after the hostile one was ended');
    assert.ok(ms < 4_000, `validate took ${ms.toFixed(0)} ms (the budget is ${BUDGET_MS} ms)`);
  });
});
