/**
 * Blind judge set scores: `npx node bench/judge-blind.ts [DIR…] [--misses]`. Scores the offline heuristic judge on
 * hand-labelled sets written blind to the judge's rules (default: every set under tests/judge-sets/; their
 * provenance.yaml says which judge versions' authors have seen each since) and prints macro-F1, per-label precision/recall and the confusion
 * matrix. Misses are listed only with --misses: these sets are for measuring, not for tuning rules (docs/judges.md
 * says which sets came before and after each rule change). Not a test.
 */
import { createHeuristicJudge } from '../runners/judge/index.ts';
import { blindSetDirs, loadLabelledSet } from '../runners/judge/labelled/load.ts';
import { formatScore, scoreJudge } from '../runners/judge/calibration/score.ts';

const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('--'));
const dirs = named.length > 0 ? named : blindSetDirs().map((s) => s.dir);
const judge = createHeuristicJudge();
for (const dir of dirs) {
  const score = await scoreJudge(judge, loadLabelledSet(dir));
  const text = formatScore(`${judge.stamp.id} on ${dir}`, score);
  console.log(args.includes('--misses') ? text : text.slice(0, text.indexOf('misses (')) + `misses: ${score.misses.length} (list them with --misses)\n`);
}
