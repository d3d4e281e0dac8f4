/**
 * How well the heuristic judge recovers the label the simulator intended, on simulator text built from real
 * questions and answers. Not a calibration of the judge against people (the simulator's phrasings are few and
 * scripted); it catches rules that misread the text the demo and the tests feed them.
 *   npx node bench/judge-vs-simulator.ts [--data-dir DIR] [--per-label 200]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScriptArgs } from '../runners/core/args.ts';
import { LABELS, type Label } from '../src/schema/index.ts';
import { classificationReport, confusionMatrix, formatMatrix, formatReport } from '../src/lib/agreement/index.ts';
import { createJudgePanel } from '../runners/judge/index.ts';
import { rngFor } from '../runners/sim/rng.ts';
import { userTurnText, workedAnswer } from '../runners/sim/text.ts';

const USAGE = 'usage: npx node bench/judge-vs-simulator.ts [--data-dir DIR] [--per-label N]\n\nThe heuristic judge against the simulator\'s intended labels.';
const { values } = parseScriptArgs(process.argv.slice(2), { 'data-dir': { type: 'string' }, 'per-label': { type: 'string', default: '200' } }, USAGE);
if (!/^[1-9]\d*$/.test(values['per-label'] ?? '')) {
  console.error(`--per-label must be a positive integer, got "${values['per-label']}"\n\n${USAGE}`);
  process.exit(2);
}
const dataDir = values['data-dir'] ?? process.env.USERTURN_DATA_DIR ?? join(import.meta.dirname, '../tests/fixtures/datasets');
const perLabel = Number(values['per-label']);

const items = readFileSync(join(dataDir, 'gsm8k/test.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { question: string; answer: string });
const [judge] = await createJudgePanel({ judgeConfigs: [], includeHeuristic: true, cachePath: null });
const pairs: Array<[Label, Label]> = [];
const misses: string[] = [];
for (const label of LABELS) {
  for (let i = 0; i < perLabel; i++) {
    const item = items[i % items.length]!;
    const rand = rngFor(1, 'bench', label, String(i));
    const a = workedAnswer(item.answer, /####\s*(.+)$/.exec(item.answer)?.[1] ?? '');
    const u = userTurnText(label, item.question, a, { truncated: false }, rand).text;
    const v = await judge!.judge({ id: `${label}-${i}`, question: item.question, response: a, user_turn: u, dataset: 'gsm8k' });
    const got = v.kind === 'label' ? v.label : 'empty_or_degenerate';
    pairs.push([label, got]);
    if (got !== label && misses.length < 12) misses.push(`${label} → ${got} (${v.kind === 'label' ? v.rule : v.reason}): ${JSON.stringify(u.slice(0, 140))}`);
  }
}
console.log(`heuristic judge vs the simulator's intended label, ${perLabel} turns per label, GSM8K contexts from ${dataDir}`);
const matrix = confusionMatrix(pairs);
console.log(formatReport(classificationReport(matrix, LABELS)));
console.log(formatMatrix(matrix, LABELS, 'intended\\judged'));
console.log('\nfirst misses:\n' + misses.join('\n'));
