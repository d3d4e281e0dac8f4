import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agreement, LABELS, type Label, type Verdict } from '../../../src/schema/index.ts';
import {
  classificationReport,
  cohenKappa,
  confusionMatrix,
  pairAgreement,
  panelAgreement,
  percentAgreement,
} from '../../../src/lib/agreement/index.ts';

const close = (a: number | null, b: number, eps = 1e-9) => assert.ok(a !== null && Math.abs(a - b) < eps, `${a} != ${b}`);

/** 2x2 textbook example (Wikipedia, "Cohen's kappa"): 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no. */
test('kappa: 2x2 hand-computed example', () => {
  const m = [
    [20, 5],
    [10, 15],
  ];
  // p_o = 35/50 = 0.7; p_yes = 0.5*0.6 = 0.3, p_no = 0.5*0.4 = 0.2, p_e = 0.5; kappa = (0.7-0.5)/0.5 = 0.4
  close(percentAgreement(m), 0.7);
  close(cohenKappa(m), 0.4);
});

test('kappa: 3x3 hand-computed example', () => {
  // rows A, cols B. n = 30. diag = 8 + 7 + 7 = 22 → p_o = 22/30.
  // row sums 10, 10, 10; col sums 12, 9, 9. p_e = (10*12 + 10*9 + 10*9)/900 = 300/900 = 10/30.
  // kappa = (22/30 - 10/30) / (20/30) = 12/20 = 0.6
  const m = [
    [8, 1, 1],
    [2, 7, 1],
    [2, 1, 7],
  ];
  close(percentAgreement(m), 22 / 30);
  close(cohenKappa(m), 0.6);
});

test('kappa edge cases: empty → null; perfect agreement → 1; one shared label everywhere → null (0/0); systematic disagreement → negative', () => {
  assert.equal(cohenKappa([[0, 0], [0, 0]]), null);
  assert.equal(percentAgreement([[0, 0], [0, 0]]), null);
  close(cohenKappa([[3, 0], [0, 2]]), 1);
  assert.equal(cohenKappa([[5, 0], [0, 0]]), null);
  close(percentAgreement([[5, 0], [0, 0]]), 1);
  // A always says x when B says y and vice versa: p_o = 0, p_e = 0.5 → kappa = -1
  close(cohenKappa([[0, 2], [2, 0]]), -1);
});

test('confusion matrix is in taxonomy order, rows = first judge', () => {
  const pairs: Array<[Label, Label]> = [
    ['genuine_followup', 'genuine_followup'],
    ['genuine_followup', 'generic_closing'],
    ['empty_or_degenerate', 'empty_or_degenerate'],
    ['meta_planning', 'identity_leakage'],
  ];
  const m = confusionMatrix(pairs);
  assert.equal(m.length, LABELS.length);
  assert.equal(m[0]?.[0], 1);
  assert.equal(m[0]?.[LABELS.indexOf('generic_closing')], 1);
  assert.equal(m[LABELS.indexOf('meta_planning')]?.[LABELS.indexOf('identity_leakage')], 1);
  assert.equal(m[6]?.[6], 1);
  assert.equal(m.flat().reduce((s, v) => s + v, 0), 4);
});

test('precision / recall / F1 / macro-F1 hand-computed', () => {
  // truth rows, prediction cols, labels a b c.
  // a: tp 3, row 4, col 5 → P 0.6 R 0.75 F1 = 2*.45/1.35 = 2/3
  // b: tp 2, row 3, col 2 → P 1 R 2/3 F1 = 0.8
  // c: tp 1, row 2, col 2 → P 0.5 R 0.5 F1 0.5
  const m = [
    [3, 0, 1],
    [1, 2, 0],
    [1, 0, 1],
  ];
  const r = classificationReport(m, ['a', 'b', 'c']);
  close(r.perLabel[0]?.precision ?? -1, 0.6);
  close(r.perLabel[0]?.recall ?? -1, 0.75);
  close(r.perLabel[0]?.f1 ?? -1, 2 / 3);
  close(r.perLabel[1]?.f1 ?? -1, 0.8);
  close(r.perLabel[2]?.f1 ?? -1, 0.5);
  close(r.macroF1, (2 / 3 + 0.8 + 0.5) / 3);
  close(r.accuracy, 6 / 9);
  // A label absent from truth and predictions is left out of the macro average.
  const r2 = classificationReport([[2, 0], [0, 0]], ['a', 'b']);
  close(r2.macroF1, 1);
});

test('pairAgreement skips judge errors and produces a schema-valid Agreement; panelAgreement covers every pair', () => {
  const v = (judge: string, label: Label | null): Verdict =>
    label === null
      ? { kind: 'judge_error', reason: 'timeout', judge }
      : { kind: 'label', label, rationale: '', evidence_span: null, rule: null, judge };
  const samples: Verdict[][] = [
    [v('A', 'genuine_followup'), v('B', 'genuine_followup'), v('C', 'genuine_followup')],
    [v('A', 'generic_closing'), v('B', 'genuine_followup'), v('C', null)],
    [v('A', null), v('B', 'meta_planning'), v('C', 'meta_planning')],
    [v('A', 'meta_planning'), v('B', 'meta_planning'), v('C', 'meta_planning')],
  ];
  const ab = pairAgreement('A', 'B', samples);
  assert.equal(ab.n, 3);
  close(ab.percent, 2 / 3);
  // A: gf 1, gc 1, mp 1; B: gf 2, mp 1. p_e = (1*2 + 1*0 + 1*1)/9 = 1/3; kappa = (2/3 - 1/3)/(2/3) = 0.5
  close(ab.kappa, 0.5);
  assert.equal(Agreement.safeParse(ab).success, true);
  const all = panelAgreement(['A', 'B', 'C'], samples);
  assert.deepEqual(all.map((x) => `${x.judge_a}-${x.judge_b}`), ['A-B', 'A-C', 'B-C']);
  assert.equal(all[1]?.n, 2);
  assert.equal(all[2]?.n, 3);
});
