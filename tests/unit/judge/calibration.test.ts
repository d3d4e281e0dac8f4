import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LABELS } from '../../../src/schema/index.ts';
import { createHeuristicJudge } from '../../../runners/judge/index.ts';
import { loadLabelledSet, loadMtBenchPositives } from '../../../runners/judge/labelled/load.ts';
import { dataFile } from '../../helpers/verifier-data-dir.ts';
import { formatScore, scoreJudge } from '../../../runners/judge/calibration/score.ts';

test('calibration set: at least 25 labelled user turns per label, across math, instruction-following and conversation', () => {
  const items = loadLabelledSet();
  for (const label of LABELS) {
    const of = items.filter((i) => i.label === label);
    assert.ok(of.length >= 25, `${label}: ${of.length} items`);
    for (const domain of ['math', 'instruction_following', 'conversation']) {
      assert.ok(of.some((i) => i.domain === domain), `${label} has no ${domain} item`);
    }
  }
  const hard = new Set(items.map((i) => i.hard).filter(Boolean));
  for (const h of ['quotes the question', 'thanks plus a real question', 'new problem that looks like a follow-up']) assert.ok(hard.has(h), `missing hard case: ${h}`);
});

test('heuristic judge on the calibration set: macro-F1 >= 0.85 (per-label P/R/F1 and confusion printed)', async () => {
  const s = await scoreJudge(createHeuristicJudge(), loadLabelledSet());
  console.log(formatScore('heuristic judge, calibration set', s));
  assert.equal(s.errors, 0);
  assert.ok(s.report.macroF1 >= 0.85, `macro-F1 ${s.report.macroF1.toFixed(3)}`);
});

test('heuristic judge on MT-Bench human second turns: recall as genuine_followup >= 0.9', async (t) => {
  const { path, skip } = dataFile('mt_bench');
  const items = path === null ? null : loadMtBenchPositives(path);
  if (!items) {
    t.skip(skip || `MT-Bench not found at ${path}`);
    return;
  }
  assert.equal(items.length, 80);
  const s = await scoreJudge(createHeuristicJudge(), items);
  const recall = s.report.perLabel.find((l) => l.label === 'genuine_followup')?.recall ?? 0;
  console.log(`MT-Bench second turns: ${items.length}, recall as genuine_followup ${recall.toFixed(3)}`);
  for (const m of s.misses) console.log(`  miss ${m.item.id} → ${m.predicted} (${m.rule})`);
  assert.ok(recall >= 0.9, `recall ${recall.toFixed(3)}`);
});
