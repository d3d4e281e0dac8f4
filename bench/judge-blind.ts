/**
 * Blind judge set score: `npx node bench/judge-blind.ts [DIR] [--misses]`. Scores the offline heuristic judge on a
 * hand-labelled set written before the judge's current rules (default: tests/judge-sets/blind-2026-11-23, written
 * blind before heuristic v5) and prints macro-F1, per-label precision/recall and the confusion matrix. Misses are
 * listed only with --misses: the set is for measuring, not for tuning rules (docs/judges.md says which sets came
 * before and after each rule change). Not a test.
 */
import { join } from 'node:path';
import { createHeuristicJudge } from '../runners/judge/index.ts';
import { loadLabelledSet } from '../runners/judge/calibration/load.ts';
import { formatScore, scoreJudge } from '../runners/judge/calibration/score.ts';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) ?? join(import.meta.dirname, '..', 'tests', 'judge-sets', 'blind-2026-11-23');
const judge = createHeuristicJudge();
const score = await scoreJudge(judge, loadLabelledSet(dir));
const text = formatScore(`${judge.stamp.id} on ${dir}`, score);
console.log(args.includes('--misses') ? text : text.slice(0, text.indexOf('misses (')) + `misses: ${score.misses.length} (list them with --misses)`);
