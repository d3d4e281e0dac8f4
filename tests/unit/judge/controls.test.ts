import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadControls } from '../../../runners/judge/controls/load.ts';
import { buildControls } from '../../../runners/judge/controls/build.ts';
import { restate } from '../../../runners/judge/controls/restate.ts';
import { labelControls, summarizeControls } from '../../../runners/judge/controls/score.ts';
import { createHeuristicJudge } from '../../../runners/judge/index.ts';
import type { Judge } from '../../../runners/core/judge.ts';
import { loadSuite } from '../../../runners/judge/rejudge/load-result.ts';
import { wilsonInterval } from '../../../src/lib/metrics/wilson.ts';
import { mulberry32 } from '../../../src/lib/metrics/prng.ts';
import type { Label } from '../../../src/schema/index.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';

const FIXTURES = join(REPO_ROOT, 'tests', 'fixtures', 'datasets');
const suite = await loadSuite(join(REPO_ROOT, 'benchmark', 'suites', 'v2.yaml'));

test('suite v2 defines the judge controls; v1 (no judge_controls) still validates and builds none', async () => {
  assert.ok(suite.judge_controls, 'v2 has judge_controls');
  assert.deepEqual(suite.judge_controls.datasets, ['gsm8k', 'ifeval', 'ifbench', 'mt_bench', 'vicuna_bench']);
  const v1 = await loadSuite(join(REPO_ROOT, 'benchmark', 'suites', 'v1.yaml'));
  assert.equal(v1.judge_controls, undefined);
  assert.equal(await loadControls(v1, FIXTURES), null);
});

test('controls from the fixtures: other-item turns are another item of the same dataset, restatements and second turns carry their gold labels', async () => {
  const set = (await loadControls(suite, FIXTURES))!;
  const byId = new Map(set.negative.map((c) => [c.id, c]));
  assert.equal(byId.size, set.negative.length, 'ids are unique');
  for (const c of set.negative) {
    if (c.kind === 'other_item') {
      assert.equal(c.gold, 'new_unrelated_query');
      assert.notEqual(c.user_turn.trim().toLowerCase(), c.question.trim().toLowerCase(), c.id);
    } else {
      assert.equal(c.kind, 'restatement');
      assert.equal(c.gold, 'prompt_restatement');
      assert.ok(suite.judge_controls!.restatement_kinds.includes(c.transform as never), c.id);
    }
    assert.ok(c.response.length > 0, `${c.id} has an answer`);
  }
  // Each drawn item gives exactly one other-item and one restated turn.
  const items = new Set(set.negative.map((c) => c.id.replace(/\/[a-z_]+$/, '')));
  assert.equal(set.negative.length, 2 * items.size);
  assert.ok(set.positive.length > 0 && set.positive.every((c) => c.gold === 'genuine_followup' && c.kind === 'second_turn'));
});

test('controls are deterministic for a seed, and a different seed draws differently', async () => {
  const a = (await loadControls(suite, FIXTURES))!;
  const b = (await loadControls(suite, FIXTURES))!;
  assert.deepEqual(a, b);
  const other = { ...suite, judge_controls: { ...suite.judge_controls!, seed: suite.judge_controls!.seed + 1 } };
  const c = (await loadControls(other, FIXTURES))!;
  assert.notDeepEqual(
    a.negative.map((x) => x.user_turn),
    c.negative.map((x) => x.user_turn),
  );
});

test('an other-item turn is the question of a different item of the same dataset, never of another dataset', () => {
  const mk = (dataset: 'gsm8k' | 'ifeval', n: number) =>
    Array.from({ length: n }, (_, i) => ({ dataset, id: String(i), question: `${dataset} question ${i}?`, reference: dataset === 'gsm8k' ? `answer ${i}` : null, verifier: null }));
  const data = new Map([['gsm8k', mk('gsm8k', 30)], ['ifeval', mk('ifeval', 30)]] as const);
  const set = buildControls({ ...suite.judge_controls!, datasets: ['gsm8k', 'ifeval'], items_per_dataset: 10 }, data, []);
  assert.equal(set.negative.length, 40);
  for (const c of set.negative.filter((x) => x.kind === 'other_item')) {
    const own = c.id.split('/')[1];
    assert.match(c.user_turn, new RegExp(`^${c.dataset} question \\d+\\?$`), c.id);
    assert.notEqual(c.user_turn, `${c.dataset} question ${own}?`, c.id);
  }
  // Datasets without a reference get the simulator's answer text, seeded: the same item always gets the same answer.
  const ife = set.negative.find((x) => x.dataset === 'ifeval')!;
  assert.match(ife.response, /^Here is an answer to "ifeval question \d+"/);
  assert.equal(buildControls({ ...suite.judge_controls!, datasets: ['ifeval'], items_per_dataset: 10 }, data, []).negative[0]!.response, set.negative.find((x) => x.id === set.negative.filter((y) => y.dataset === 'ifeval')[0]!.id)!.response);
});

test('buildControls refuses a dataset with a single item (no other item to draw)', () => {
  const one = [{ dataset: 'gsm8k' as const, id: '0', question: 'q?', reference: 'a', verifier: null }];
  assert.throws(() => buildControls({ ...suite.judge_controls!, datasets: ['gsm8k'] }, new Map([['gsm8k', one]]), []), /has 1 item/);
});

test('restatement transforms are deterministic rewrites of the question, not new text', () => {
  const q = 'Tom buys 3 apples. Each apple costs $2. How many dollars does he spend in total?';
  assert.equal(restate('verbatim', q, mulberry32(1)).text, q);
  assert.equal(restate('reordered', q, mulberry32(1)).text, 'How many dollars does he spend in total? Tom buys 3 apples. Each apple costs $2.');
  const reworded = restate('reworded', q, mulberry32(1)).text;
  assert.match(reworded, /purchases 3 apples\. Every apple/);
  assert.doesNotMatch(reworded, /\bbuys\b/);
  assert.match(restate('casual', q, mulberry32(1)).text, /tom buys 3 apples\. each apple costs \$2\. how many dollars does he spend in total$/);
  assert.ok(restate('framed', q, mulberry32(1)).text.includes(q));
  // A one-sentence question cannot be reordered: it falls back to a frame.
  const one = restate('reordered', 'What is 2 + 2?', mulberry32(1));
  assert.equal(one.kind, 'framed');
  assert.deepEqual(restate('reworded', q, mulberry32(7)), restate('reworded', q, mulberry32(7)));
});

function constantJudge(label: Label | null): Judge {
  const stamp = { id: `const:${label}`, kind: 'heuristic' as const, model: null, prompt_version: 'x', temperature: null, max_tokens: null };
  return {
    stamp,
    async judge() {
      return label === null ? { kind: 'judge_error', reason: 'down', judge: stamp.id } : { kind: 'label', label, rationale: 'r', evidence_span: null, rule: 'r', judge: stamp.id };
    },
  };
}

test('summarizeControls: false-genuine on the negative control, recall on the positive, Wilson intervals, judge errors left out', async () => {
  const set = (await loadControls(suite, FIXTURES))!;
  const meta = { suite_id: suite.id, suite_version: suite.version, seed: 1, confidence: 0.95 };
  const all = summarizeControls(await labelControls(constantJudge('genuine_followup'), set), set, meta);
  assert.equal(all.false_genuine.hits, set.negative.length);
  assert.equal(all.false_genuine.rate, 1);
  assert.equal(all.positive_recall.rate, 1);
  const none = summarizeControls(await labelControls(constantJudge('new_unrelated_query'), set), set, meta);
  assert.equal(none.false_genuine.rate, 0);
  assert.equal(none.false_genuine.lo, 0);
  const w = wilsonInterval(0, set.negative.length, 0.95);
  assert.equal(none.false_genuine.hi, Math.round(w.hi * 1e4) / 1e4);
  assert.ok(none.false_genuine.hi > 0, 'the interval does not collapse at zero hits');
  assert.equal(none.positive_recall.rate, 0);
  const gsm = none.negative_by_dataset.find((d) => d.dataset === 'gsm8k')!;
  assert.equal(gsm.gold_accuracy, 0.5, 'half of the negatives are other-item turns, gold new_unrelated_query');
  const errors = summarizeControls(await labelControls(constantJudge(null), set), set, meta);
  assert.equal(errors.judge_errors, set.negative.length + set.positive.length);
  assert.equal(errors.false_genuine.n, 0);
});

const DATA = process.env.USERTURN_DATA_DIR;
test('heuristic judge on the real judge controls: false-genuine <= 3%, positive recall >= 95% (acceptance)', { skip: DATA ? false : 'USERTURN_DATA_DIR is unset: the real controls need the datasets (set USERTURN_DATA_DIR=../shared/datasets)' }, async () => {
  const set = (await loadControls(suite, DATA!))!;
  const s = summarizeControls(await labelControls(createHeuristicJudge(), set), set, { suite_id: suite.id, suite_version: suite.version, seed: suite.judge_controls!.seed, confidence: 0.95 });
  console.log(`false-genuine ${s.false_genuine.hits}/${s.false_genuine.n} = ${s.false_genuine.rate}; recall ${s.positive_recall.hits}/${s.positive_recall.n} = ${s.positive_recall.rate}`);
  for (const d of s.negative_by_dataset) console.log(`  ${d.dataset}: false-genuine ${d.false_genuine.hits}/${d.false_genuine.n}`);
  assert.ok(s.false_genuine.rate <= 0.03, `false-genuine ${s.false_genuine.rate}`);
  assert.ok(s.positive_recall.rate >= 0.95, `recall ${s.positive_recall.rate}`);
});
