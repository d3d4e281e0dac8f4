import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { controlsGate, currentSuiteVersion, parseApprovedJudges, policyFrom, verifyResult, type VerifiableSummary, type VerifiedPolicy } from '../../../src/lib/verified.ts';
import type { CalibrationReport } from '../../../src/schema/index.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';

const approvedJudges = parseApprovedJudges(parse(readFileSync(join(REPO_ROOT, 'benchmark/policy/approved-judges.yaml'), 'utf8')));
const suite = parse(readFileSync(join(REPO_ROOT, 'benchmark/suites/v1.yaml'), 'utf8'));
const policy: VerifiedPolicy = { suiteId: suite.id, currentSuiteVersion: currentSuiteVersion([suite], suite.id)!, approvedJudges };

const SHA = 'a'.repeat(40);
function good(): VerifiableSummary {
  return {
    submission: { hf: { repo: 'Qwen/Qwen3.5-9B', revision: '0123456789abcdef0123456789abcdef01234567', pinned: true } },
    provenance: {
      suite_id: 'userturn',
      suite_version: 1,
      judges: [
        { id: 'llm:gpt-5.4-mini:judge-v1', kind: 'llm', model: 'gpt-5.4-mini', prompt_version: 'judge-v1', temperature: 0, max_tokens: 400 },
        { id: 'heuristic:1', kind: 'heuristic', model: null, prompt_version: '1', temperature: null, max_tokens: null },
      ],
      primary_judge: 'llm:gpt-5.4-mini:judge-v1',
      runner_commit: SHA,
      runner_dirty: false,
      simulated: false,
    },
    // Every dataset of suite v1's standard run (healthbench is off by default), each with all its items.
    datasets: [
      { dataset: 'gsm8k', n_items: 1319 }, { dataset: 'ifeval', n_items: 541 }, { dataset: 'ifbench', n_items: 300 },
      { dataset: 'mt_bench', n_items: 80 }, { dataset: 'vicuna_bench', n_items: 80 },
    ],
  };
}

test('the approved list and the current suite load from the repository data', () => {
  assert.equal(policy.suiteId, 'userturn');
  assert.equal(policy.currentSuiteVersion, 1);
  assert.deepEqual(approvedJudges.filter((j) => j.role === 'primary').map((j) => j.model), ['gpt-5.4-mini']);
  assert.equal(currentSuiteVersion([{ id: 'userturn', version: 1 }, { id: 'userturn', version: 3 }, { id: 'other', version: 9 }], 'userturn'), 3);
  assert.equal(currentSuiteVersion([], 'userturn'), null);
  assert.throws(() => parseApprovedJudges({ format: 1, approved_judges: [{ kind: 'heuristic', model: 'x', prompt_versions: ['1'] }] }));
});

test('all conditions hold: verified, every check ok', () => {
  const r = verifyResult(good(), policy);
  assert.equal(r.verified, true);
  assert.deepEqual(r.failed, []);
  assert.deepEqual(r.checks.map((c) => c.id), ['current_suite', 'pinned_revision', 'clean_runner', 'approved_judge', 'real_endpoint', 'judge_controls', 'complete_items']);
});

test('each failed condition is named, alone and together', () => {
  const cases: Array<[string, (s: any) => void, string[]]> = [
    ['old suite', (s) => (s.provenance.suite_version = 0), ['current_suite']],
    ['other suite id', (s) => (s.provenance.suite_id = 'fork'), ['current_suite']],
    ['branch revision', (s) => (s.submission.hf.revision = 'main'), ['pinned_revision']],
    ['short sha', (s) => (s.submission.hf.revision = 'abc1234'), ['pinned_revision']],
    ['dirty runner', (s) => (s.provenance.runner_dirty = true), ['clean_runner']],
    ['unknown dirtiness', (s) => (s.provenance.runner_dirty = null), ['clean_runner']],
    ['no runner commit', (s) => (s.provenance.runner_commit = null), ['clean_runner']],
    ['heuristic primary judge', (s) => (s.provenance.primary_judge = 'heuristic:1'), ['approved_judge']],
    ['unlisted judge model', (s) => (s.provenance.judges[0].model = 'my-own-judge'), ['approved_judge']],
    ['unapproved prompt version', (s) => (s.provenance.judges[0].prompt_version = 'judge-v0'), ['approved_judge']],
    ['primary judge missing from stamps', (s) => (s.provenance.primary_judge = 'llm:ghost'), ['approved_judge']],
    ['simulated', (s) => (s.provenance.simulated = true), ['real_endpoint']],
    [
      'everything wrong',
      (s) => {
        s.provenance.suite_version = 0;
        s.submission.hf.revision = 'main';
        s.provenance.runner_dirty = true;
        s.provenance.primary_judge = 'heuristic:1';
        s.provenance.simulated = true;
      },
      ['current_suite', 'pinned_revision', 'clean_runner', 'approved_judge', 'real_endpoint'],
    ],
  ];
  for (const [name, mutate, expected] of cases) {
    const s = structuredClone(good());
    mutate(s);
    const r = verifyResult(s, policy);
    assert.equal(r.verified, false, name);
    assert.deepEqual(r.failed.map((c) => c.id), expected, name);
    for (const c of r.failed) assert.ok(c.detail.length > 10 && c.label.length > 3, `${name}: ${c.id} needs a reason to show`);
  }
});

test('the rule is pure: same input, same output, input untouched', () => {
  const s = good();
  const before = JSON.stringify(s);
  assert.deepEqual(verifyResult(s, policy), verifyResult(s, policy));
  assert.equal(JSON.stringify(s), before);
});

// The judge-controls gate: thresholds from approved-judges.yaml, figures from a calibration report.
const rate = (hits: number, n: number) => ({ n, hits, rate: hits / n, lo: Math.max(0, hits / n - 0.02), hi: Math.min(1, hits / n + 0.02) });
function calibrationWith(fg: [number, number], rec: [number, number]): CalibrationReport {
  return {
    format: 1,
    taxonomy_version: 1,
    judges: [
      {
        judge: good().provenance.judges[0] as CalibrationReport['judges'][number]['judge'],
        sets: [],
        controls: {
          suite_id: 'userturn', suite_version: 2, seed: 1, confidence: 0.95, items_sha256: 'b'.repeat(64), judge_errors: 0,
          false_genuine: rate(...fg), positive_recall: rate(...rec), negative_by_dataset: [],
        },
      },
    ],
  };
}
const approvedData = parse(readFileSync(join(REPO_ROOT, 'benchmark/policy/approved-judges.yaml'), 'utf8'));

test('the controls thresholds load from approved-judges.yaml (5% false-genuine, 90% positive recall)', () => {
  const p = policyFrom([suite], approvedData, null);
  assert.deepEqual(p.controlThresholds, { max_false_genuine: 0.05, min_positive_recall: 0.9 });
});

test('judge_controls: a primary judge within the thresholds passes; above 5% false-genuine or below 90% recall fails, with the figures named', () => {
  const cases: Array<[string, [number, number], [number, number], boolean, RegExp]> = [
    ['within', [30, 1000], [76, 80], true, /passes/],
    ['exactly at the thresholds', [50, 1000], [72, 80], true, /passes/],
    ['false-genuine 5.1%', [51, 1000], [80, 80], false, /false-genuine rate 5\.1%.*above 5\.0%/],
    ['recall 88.8%', [0, 1000], [71, 80], false, /recall 88\.8%.*below 90\.0%/],
  ];
  for (const [name, fg, rec, ok, detail] of cases) {
    const r = verifyResult(good(), policyFrom([suite], approvedData, calibrationWith(fg, rec)));
    const c = r.checks.find((x) => x.id === 'judge_controls')!;
    assert.equal(c.ok, ok, name);
    assert.equal(r.verified, ok, name);
    assert.match(c.detail, detail, name);
  }
});

test('complete_items: a dataset run with fewer items than the suite runs for it (a --limit run) is not verified; all of them is', () => {
  const p = policyFrom([suite], approvedData, calibrationWith([30, 1000], [76, 80]));
  assert.equal(p.expectedItems?.get('gsm8k'), 1319);
  assert.equal(p.expectedItems?.has('healthbench'), false, 'a split of no fixed size is not counted');
  assert.equal(verifyResult(good(), p).verified, true);
  const partial = structuredClone(good()) as any;
  partial.datasets[0].n_items = 20;
  const r = verifyResult(partial, p);
  assert.deepEqual(r.failed.map((c) => c.id), ['complete_items']);
  assert.match(r.failed[0]!.detail, /gsm8k: 20 of 1,319 items.*partial run/);
  // Without the suite's datasets (an older caller) completeness is said not to be checked, and does not fail.
  const none = verifyResult(partial, { ...p, expectedItems: undefined, standardDatasets: undefined });
  assert.equal(none.checks.find((c) => c.id === 'complete_items')!.ok, true);
  assert.match(none.checks.find((c) => c.id === 'complete_items')!.detail, /not checked/);
});

test('complete_items: a result that leaves out a dataset of the standard run is not verified, and the detail names it', () => {
  const p = policyFrom([suite], approvedData, calibrationWith([30, 1000], [76, 80]));
  const without = (...ids: string[]) => {
    const s = structuredClone(good()) as any;
    s.datasets = s.datasets.filter((d: { dataset: string }) => !ids.includes(d.dataset));
    return verifyResult(s, p);
  };
  const one = without('ifeval');
  assert.equal(one.verified, false);
  assert.deepEqual(one.failed.map((c) => c.id), ['complete_items']);
  assert.match(one.failed[0]!.detail, /^ifeval: not run: /);
  // Several are named in the suite's order; a conversation set (no accuracy, no fixed cap) counts like the others.
  assert.match(without('vicuna_bench', 'gsm8k').failed[0]!.detail, /^gsm8k: not run; vicuna_bench: not run: /);
  // A result with only one dataset, all of its items, is not a complete run either.
  const only = structuredClone(good()) as any;
  only.datasets = [{ dataset: 'gsm8k', n_items: 1319 }];
  assert.match(verifyResult(only, p).failed[0]!.detail, /ifeval: not run; ifbench: not run; mt_bench: not run; vicuna_bench: not run/);
  // A missing dataset and a short one are both named.
  const both = structuredClone(good()) as any;
  both.datasets = both.datasets.filter((d: { dataset: string }) => d.dataset !== 'ifbench');
  both.datasets[0].n_items = 20;
  assert.match(verifyResult(both, p).failed[0]!.detail, /ifbench: not run; gsm8k: 20 of 1,319 items/);
});

test('complete_items: a dataset the suite leaves out of the standard run (enabled: false) need not be run, and may be', () => {
  const p = policyFrom([suite], approvedData, calibrationWith([30, 1000], [76, 80]));
  assert.deepEqual(p.standardDatasets, ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'vicuna_bench']);
  assert.equal(verifyResult(good(), p).verified, true, 'no healthbench: verified');
  const withHealth = structuredClone(good()) as any;
  withHealth.datasets.push({ dataset: 'healthbench', n_items: 57 });
  assert.equal(verifyResult(withHealth, p).verified, true, 'healthbench run too (no fixed size): verified');
  // The same suite with healthbench in the standard run: a result without it is missing a dataset.
  const gated = structuredClone(suite);
  gated.datasets.find((d: { id: string }) => d.id === 'healthbench').enabled = true;
  const r = verifyResult(good(), policyFrom([gated], approvedData, calibrationWith([30, 1000], [76, 80])));
  assert.match(r.failed[0]?.detail ?? '', /^healthbench: not run: /);
});

test('judge_controls: a primary judge with no figures on the controls cannot make a verified result', () => {
  const r = verifyResult(good(), policyFrom([suite], approvedData, null));
  assert.deepEqual(r.failed.map((c) => c.id), ['judge_controls']);
  assert.match(r.failed[0]!.detail, /no figures on the judge controls/);
  // The command it names must produce the figures: the controls are built from the datasets, skipped without them.
  assert.match(r.failed[0]!.detail, /userturn calibrate --data-dir DIR --out results\/calibration\.json/);
});

test('controlsGate: an empty control (n = 0) never passes', () => {
  assert.equal(controlsGate({ false_genuine: { n: 0, hits: 0, rate: 0, lo: 0, hi: 1 }, positive_recall: rate(80, 80) }, { max_false_genuine: 0.05, min_positive_recall: 0.9 }).ok, false);
});
