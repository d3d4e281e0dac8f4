/**
 * The judges available offline (the heuristic judge) on the suite's judge controls, per dataset and overall:
 * n, false-genuine rate on the negative control and recall on the positive control, with Wilson intervals.
 *
 *   USERTURN_DATA_DIR=/work/shared/datasets npx node bench/judge-controls.ts [--suite FILE] [--misses N]
 *
 * Without USERTURN_DATA_DIR it uses the small fixtures in tests/fixtures/datasets (figures are then only a smoke
 * check). --misses N prints up to N negative turns labelled genuine_followup and N positives missed, with the rule.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createHeuristicJudge } from '../runners/judge/index.ts';
import { loadControls } from '../runners/judge/controls/load.ts';
import { labelControls, summarizeControls, genuineRate } from '../runners/judge/controls/score.ts';
import { loadSuite } from '../runners/judge/rejudge/load-result.ts';
import { currentSuitePath } from '../runners/core/defaults.ts';
import type { ControlRate } from '../src/schema/index.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { suite: { type: 'string' }, misses: { type: 'string' } } });
const suite = await loadSuite(values.suite ?? currentSuitePath());
const dataDir = process.env.USERTURN_DATA_DIR ?? join(ROOT, 'tests', 'fixtures', 'datasets');
if (!process.env.USERTURN_DATA_DIR) console.log(`USERTURN_DATA_DIR is unset: using the fixtures in ${dataDir} (smoke figures only)`);
const set = await loadControls(suite, dataDir);
if (!set) {
  console.error(`suite ${suite.id} v${suite.version} defines no judge_controls`);
  process.exit(1);
}
const spec = suite.judge_controls!;
const fmt = (r: ControlRate): string => `${(100 * r.rate).toFixed(1).padStart(5)}% [${(100 * r.lo).toFixed(1)}, ${(100 * r.hi).toFixed(1)}] (${r.hits}/${r.n})`;

for (const judge of [createHeuristicJudge()]) {
  const labelled = await labelControls(judge, set);
  const s = summarizeControls(labelled, set, { suite_id: suite.id, suite_version: suite.version, seed: spec.seed, confidence: spec.confidence });
  console.log(`\n== ${judge.stamp.id} on the judge controls of suite ${suite.id} v${suite.version} (seed ${spec.seed}) ==`);
  console.log(`${'dataset'.padEnd(14)} ${'n'.padStart(5)}  ${'false-genuine (negative)'.padEnd(30)} ${'other item'.padEnd(30)} ${'restatement'.padEnd(30)} gold acc`);
  for (const d of s.negative_by_dataset) {
    console.log(`${d.dataset.padEnd(14)} ${String(d.false_genuine.n).padStart(5)}  ${fmt(d.false_genuine).padEnd(30)} ${fmt(d.other_item).padEnd(30)} ${fmt(d.restatement).padEnd(30)} ${(100 * d.gold_accuracy).toFixed(1)}%`);
  }
  console.log(`${'overall'.padEnd(14)} ${String(s.false_genuine.n).padStart(5)}  ${fmt(s.false_genuine)}`);
  const kinds = [...new Set(labelled.filter((x) => x.item.kind === 'restatement').map((x) => x.item.transform))];
  console.log(`restatement false-genuine by transform: ${kinds.map((k) => `${k} ${fmt(genuineRate(labelled.filter((x) => x.item.transform === k), spec.confidence))}`).join('; ')}`);
  console.log(`positive control (MT-Bench human second turns): n=${s.positive_recall.n} recall ${fmt(s.positive_recall)}`);
  if (s.judge_errors) console.log(`judge errors: ${s.judge_errors}`);
  const m = Number(values.misses ?? 0);
  if (m > 0) {
    const show = (x: (typeof labelled)[number]) => `  ${x.item.id} [${x.item.gold} → ${x.label} by ${x.rule}] ${JSON.stringify(x.item.user_turn).slice(0, 160)}`;
    console.log('false genuine:');
    for (const x of labelled.filter((x) => x.item.kind !== 'second_turn' && x.label === 'genuine_followup').slice(0, m)) console.log(show(x));
    console.log('positives missed:');
    for (const x of labelled.filter((x) => x.item.kind === 'second_turn' && x.label !== 'genuine_followup').slice(0, m)) console.log(show(x));
  }
}
