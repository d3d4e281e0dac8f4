import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { CalibrationReport } from '../../../src/schema/index.ts';
import { runCli } from '../../helpers/cli.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

const fixtureData = 'tests/fixtures/datasets';

test('userturn calibrate writes a schema-valid, deterministic report that validate accepts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-cal-'));
  const out = join(dir, 'calibration.json');
  const r = runCli(['calibrate', '--data-dir', fixtureData, '--out', out]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /heuristic:heuristic-v\d+\s+Calibration set\s+n=\d+/);
  const report = CalibrationReport.parse(JSON.parse(readFileSync(out, 'utf8')));
  const cal = report.judges[0]!.sets.find((s) => s.id === 'calibration')!;
  assert.ok(cal.n >= 175, `calibration set has ${cal.n} items`);
  assert.ok(cal.macro_f1 !== null && cal.macro_f1 >= 0.85, `macro-F1 ${cal.macro_f1}`);
  assert.equal(cal.confusion.flat().reduce((a, b) => a + b, 0), cal.n - cal.judge_errors);
  // The judge controls come with every calibration that has the datasets: both figures, with intervals.
  const controls = report.judges[0]!.controls!;
  assert.ok(controls, 'the report has the heuristic judge on the judge controls');
  assert.equal(controls.suite_version, 2);
  assert.ok(controls.false_genuine.n > 0 && controls.positive_recall.n > 0);
  assert.ok(controls.false_genuine.lo <= controls.false_genuine.rate && controls.false_genuine.rate <= controls.false_genuine.hi);
  assert.deepEqual(controls.negative_by_dataset.map((d) => d.dataset), ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'vicuna_bench']);
  assert.match(r.stdout, /judge controls: false-genuine \d+\.\d% \[\d+\.\d%, \d+\.\d%\] \(\d+\/\d+\), positive recall \d+\.\d% \[/);
  const first = readFileSync(out, 'utf8');
  assert.equal(runCli(['calibrate', '--data-dir', fixtureData, '--out', out]).code, 0);
  assert.equal(readFileSync(out, 'utf8'), first, 'a rerun with the same judges and sets changes nothing');
  // Without the datasets there are no control figures: overwriting the report would silently drop them.
  const bare = runCli(['calibrate', '--out', out], { env: { USERTURN_DATA_DIR: undefined } });
  assert.equal(bare.code, 1, bare.stdout);
  assert.match(bare.stderr, /calibration\.json: judges: the existing report has judge-control figures and this run has none/);
  assert.equal(readFileSync(out, 'utf8'), first, 'the report with controls is kept');
  const v = runCli(['validate', out]);
  assert.equal(v.code, 0, v.stderr);
});

test('a broken calibration report and a broken labelled set are named with file and field', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-cal-bad-'));
  const out = join(dir, 'calibration.json');
  writeFileSync(out, JSON.stringify({ format: 1, taxonomy_version: 1, judges: [{ judge: { id: 'x' }, sets: [] }] }));
  const v = runCli(['validate', out]);
  assert.equal(v.code, 1);
  assert.match(v.stderr, /calibration\.json: judges\[0\]\.judge\.kind: /);

  const set = join(dir, 'set');
  mkdirSync(set);
  writeFileSync(join(set, 'contexts.yaml'), 'format: 1\ncontexts:\n  - id: c1\n    domain: math\n    question: q\n    response: a\n');
  writeFileSync(join(set, 'items-x.yaml'), 'format: 1\nitems:\n  - ctx: nope\n    label: genuine_followup\n    u: why?\n');
  const r = runCli(['calibrate', '--set', set]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /items-x\.yaml: items\[0\]\.ctx: unknown context "nope"/);
});

test('calibrate without datasets skips the controls and says so; the report stays valid without them', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-cal-nodata-'));
  const out = join(dir, 'calibration.json');
  const r = runCli(['calibrate', '--out', out], { env: { USERTURN_DATA_DIR: '' } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /judge controls: skipped/);
  const report = CalibrationReport.parse(JSON.parse(readFileSync(out, 'utf8')));
  assert.equal(report.judges[0]!.controls, undefined);
});

test('without --data-dir or USERTURN_DATA_DIR nothing is read from a folder of its own choosing: MT-Bench is skipped too, and says how to enable it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-cal-nodata-'));
  const out = join(dir, 'calibration.json');
  // Unset, not empty: a review's calibrate scored MT-Bench from ../shared/datasets while saying the datasets were missing.
  const r = runCli(['calibrate', '--out', out], { env: { USERTURN_DATA_DIR: undefined } });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /MT-Bench second turns: skipped \(no --data-dir or USERTURN_DATA_DIR: pass --data-dir DIR with DIR\/mt_bench\/question\.jsonl\)/);
  assert.doesNotMatch(r.stdout, /MT-Bench human second turns/);
  const report = CalibrationReport.parse(JSON.parse(readFileSync(out, 'utf8')));
  const ids = report.judges[0]!.sets.map((s) => s.id);
  assert.equal(ids[0], 'calibration');
  assert.ok(!ids.includes('mt_bench_second_turns'), ids.join(', '));
  // The blind sets ship with the repository: they need no data folder, and each is scored under its own name.
  const blind = readdirSync(join(ROOT, 'tests', 'judge-sets'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  assert.ok(blind.length >= 2);
  assert.deepEqual(ids.slice(1), blind);
  assert.match(r.stdout, new RegExp(`Blind set ${blind[0]}`));
  // Each description says, from tests/judge-sets/provenance.yaml, whose figures on the set are not blind.
  const { sets: provenance } = parse(readFileSync(join(ROOT, 'tests', 'judge-sets', 'provenance.yaml'), 'utf8')) as { sets: Record<string, { written: string; seen_by: string[] }> };
  for (const set of report.judges[0]!.sets.slice(1)) {
    const p = provenance[set.title.replace(/^Blind set /, '')]!;
    assert.ok(set.description.includes(p.written), set.description);
    if (p.seen_by.length === 0) assert.match(set.description, /every figure here is a blind measure/);
    else assert.ok(set.description.includes(`the authors of ${p.seen_by.join(', ')} developed on it`), set.description);
  }
  assert.ok(Object.values(provenance).some((p) => p.seen_by.length > 0) && Object.values(provenance).some((p) => p.seen_by.length === 0));
});
