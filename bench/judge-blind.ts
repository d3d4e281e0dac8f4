/**
 * Blind judge set scores: `npx node bench/judge-blind.ts [DIR…] [--misses]`. Scores the offline heuristic judge on
 * hand-labelled sets written blind, before the judge's current rules (default: every set under tests/judge-sets/;
 * their README says when each was written) and prints macro-F1, per-label precision/recall and the confusion
 * matrix. Misses are listed only with --misses: these sets are for measuring, not for tuning rules (docs/judges.md
 * says which sets came before and after each rule change). Not a test.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createHeuristicJudge } from '../runners/judge/index.ts';
import { loadLabelledSet } from '../runners/judge/labelled/load.ts';
import { formatScore, scoreJudge } from '../runners/judge/calibration/score.ts';

const args = process.argv.slice(2);
const setsDir = join(import.meta.dirname, '..', 'tests', 'judge-sets');
const named = args.filter((a) => !a.startsWith('--'));
const dirs = named.length > 0 ? named : readdirSync(setsDir).sort().map((d) => join(setsDir, d));
const judge = createHeuristicJudge();
for (const dir of dirs) {
  const score = await scoreJudge(judge, loadLabelledSet(dir));
  const text = formatScore(`${judge.stamp.id} on ${dir}`, score);
  console.log(args.includes('--misses') ? text : text.slice(0, text.indexOf('misses (')) + `misses: ${score.misses.length} (list them with --misses)\n`);
}
