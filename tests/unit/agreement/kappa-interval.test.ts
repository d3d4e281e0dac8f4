import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cohenKappaInterval, fleissKappa, fleissKappaInterval } from '../../../src/lib/agreement/kappa-interval.ts';
import { humanAgreement, majorityLabel } from '../../../src/lib/agreement/human-agreement.ts';
import type { Label } from '../../../src/schema/taxonomy.ts';
import type { JudgeStamp, Verdict } from '../../../src/schema/verdict.ts';

const G: Label = 'genuine_followup';
const C: Label = 'generic_closing';
const R: Label = 'prompt_restatement';
const opts = { replicates: 4000, seed: 11 };
const rep = <T>(x: T, k: number): T[] => Array.from({ length: k }, () => x);

test("Cohen's kappa, hand-computed: 4 GG, 1 GC, 2 CG, 3 CC → p_o 0.7, p_e 0.5·0.6 + 0.5·0.4 = 0.5, κ = 0.4", () => {
  const pairs = [...rep([G, G] as const, 4), [G, C] as const, ...rep([C, G] as const, 2), ...rep([C, C] as const, 3)];
  const r = cohenKappaInterval(pairs, opts);
  assert.equal(r.n, 10);
  assert.equal(r.kappa, 0.4);
  assert.equal(r.percent, 0.7);
  assert.ok(r.lo! <= 0.4 && 0.4 <= r.hi!, `${r.lo}..${r.hi}`);
  assert.ok(r.lo! < 0.4 && r.hi! > 0.4, 'ten items leave a wide interval');
});

test('the bootstrap interval matches the exact bootstrap distribution of a 5-item case', () => {
  // GG, GG, CC, CC, GC: p_o 0.8, p_e 0.6·0.4 + 0.4·0.6 = 0.48, κ = 0.32 / 0.52 = 8/13.
  // Exact distribution over all 5^5 resamples, enumerated in Python (itertools.product(range(5), repeat=5), kappa
  // as above, undefined resamples dropped): P(κ = 0) = 421/3061 = 0.1375 > 0.025 and P(κ = 1) = 960/3061 = 0.31 > 0.025,
  // so the exact 2.5% and 97.5% percentiles are 0 and 1.
  const r = cohenKappaInterval([[G, G], [G, G], [C, C], [C, C], [G, C]], opts);
  assert.equal(r.kappa, Math.round((8 / 13) * 1e6) / 1e6);
  assert.equal(r.lo, 0);
  assert.equal(r.hi, 1);
});

test('perfect agreement gives κ = 1 with the interval [1, 1]', () => {
  const r = cohenKappaInterval([...rep([G, G] as const, 6), ...rep([C, C] as const, 4), [R, R]], opts);
  assert.deepEqual([r.kappa, r.lo, r.hi, r.percent], [1, 1, 1, 1]);
});

test('one label only: κ is undefined (0/0), so the interval is too, while raw agreement is 100%', () => {
  const r = cohenKappaInterval(rep([G, G] as const, 8), opts);
  assert.deepEqual([r.kappa, r.lo, r.hi, r.percent, r.n], [null, null, null, 1, 8]);
  const none = cohenKappaInterval([], opts);
  assert.deepEqual([none.kappa, none.lo, none.hi, none.percent, none.n], [null, null, null, null, 0]);
});

test('a judge that always says the same label while people vary gets κ = 0 exactly, interval [0, 0]', () => {
  const r = cohenKappaInterval([[G, C], [C, C], [R, C], [G, C]], opts);
  assert.deepEqual([r.kappa, r.lo, r.hi], [0, 0, 0]);
});

test("Fleiss' kappa, hand-computed: 4 items × 3 raters → (7/12 − 62/144) / (1 − 62/144) = 22/82", () => {
  // P_i: GGG 1, GGC (4+1−3)/6 = 1/3, CCC 1, GCR 0 → P̄ = 7/12; p = 6/12, 5/12, 1/12 → P_e = 62/144.
  const items = [[G, G, G], [G, G, C], [C, C, C], [G, C, R]];
  assert.ok(Math.abs(fleissKappa(items)! - 22 / 82) < 1e-12);
  const r = fleissKappaInterval(items, opts);
  assert.equal(r.kappa, Math.round((22 / 82) * 1e6) / 1e6);
  assert.equal(r.percent, 0.5);
  assert.equal(fleissKappa([[G, G], [G, G]]), null, 'one label only');
  assert.equal(fleissKappa([[G, G], [C, C]]), 1, 'perfect agreement');
  assert.throws(() => fleissKappa([[G, G], [G]]), /same number/);
});

test('the interval is the same for the same seed', () => {
  const pairs: Array<[Label, Label]> = [[G, G], [G, C], [C, C], [R, R], [R, G], [C, C], [G, G], [R, R]];
  assert.deepEqual(cohenKappaInterval(pairs, opts), cohenKappaInterval(pairs, opts));
});

test('majority label: strict plurality; ties and unsure-only items have none', () => {
  assert.deepEqual(majorityLabel([G, G, C]), { kind: 'label', label: G });
  assert.deepEqual(majorityLabel([G, 'unsure', undefined]), { kind: 'label', label: G });
  assert.deepEqual(majorityLabel([G, C]), { kind: 'tie' });
  assert.deepEqual(majorityLabel(['unsure', undefined]), { kind: 'none' });
});

test('an annotator who skipped items: pairs and majority use only what was labelled', () => {
  const ids = ['i001', 'i002', 'i003', 'i004', 'i005', 'i006'];
  const a = new Map<string, Label | 'unsure'>([['i001', G], ['i002', G], ['i003', C], ['i004', C], ['i005', R], ['i006', G]]);
  // b skipped i005 and i006 and is unsure about i004.
  const b = new Map<string, Label | 'unsure'>([['i001', G], ['i002', C], ['i003', C], ['i004', 'unsure']]);
  const stamp: JudgeStamp = { id: 'heuristic:test', kind: 'heuristic', model: null, prompt_version: 't', temperature: null, max_tokens: null };
  const v = (label: Label): Verdict => ({ kind: 'label', label, rationale: '', evidence_span: null, rule: null, judge: stamp.id });
  const verdicts = new Map<string, Verdict>([['i001', v(G)], ['i002', v(G)], ['i003', v(C)], ['i004', v(C)], ['i005', v(G)], ['i006', { kind: 'judge_error', reason: 'x', judge: stamp.id }]]);
  const r = humanAgreement(ids, [{ id: 'a', labels: a }, { id: 'b', labels: b }], [{ stamp, verdicts }], opts);
  assert.deepEqual(r.annotators, [{ id: 'a', labelled: 6, unsure: 0, skipped: 0 }, { id: 'b', labelled: 3, unsure: 1, skipped: 2 }]);
  // Inter-annotator over i001–i003 (both labelled): GG, GC, CC → p_o 2/3, p_e (2/3)(1/3) + (1/3)(2/3) = 4/9, κ = (2/9)/(5/9) = 0.4.
  assert.equal(r.inter_annotator!.pairs[0]!.n, 3);
  assert.equal(r.inter_annotator!.pairs[0]!.kappa, 0.4);
  assert.equal(r.inter_annotator!.fleiss.n, 3);
  // Majority: i001 G, i002 tie (G vs C), i003 C, i004 C (b unsure), i005 R, i006 G → 5 items, 1 tie.
  assert.deepEqual(r.majority, { items: 5, ties: 1, unlabelled: 0 });
  // Judge vs majority over i001 G/G, i003 C/C, i004 C/C, i005 R/G; i006 is a judge error.
  const j = r.judges[0]!;
  assert.equal(j.n, 4);
  assert.equal(j.judge_errors, 1);
  // p_o 3/4; human G 1, C 2, R 1; judge G 2, C 2 → p_e (1·2 + 2·2)/16 = 6/16; κ = (12/16 − 6/16)/(10/16) = 0.6.
  assert.equal(j.kappa.kappa, 0.6);
  const rec = j.per_label.find((l) => l.label === R)!;
  assert.deepEqual([rec.recall, rec.support], [0, 1]);
  const prec = j.per_label.find((l) => l.label === G)!;
  assert.deepEqual([prec.precision, prec.recall], [0.5, 1]);
});
