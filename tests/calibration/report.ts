/**
 * Print the heuristic judge's calibration figures: `npx node tests/calibration/report.ts [labelled-set-dir]`.
 * With a directory argument it scores that set instead (used for the held-out set kept outside the repo).
 */
import { createHeuristicJudge } from '../../runners/judge/index.ts';
import { loadLabelledSet, loadMtBenchPositives } from './load.ts';
import { formatScore, scoreJudge } from './score.ts';

const judge = createHeuristicJudge();
const dir = process.argv[2];
const items = loadLabelledSet(dir);
console.log(formatScore(`${dir ?? 'calibration set'} (${items.length} items)`, await scoreJudge(judge, items)));
if (!dir) {
  const mt = loadMtBenchPositives();
  if (mt) {
    const s = await scoreJudge(judge, mt);
    const recall = s.report.perLabel.find((l) => l.label === 'genuine_followup')?.recall ?? 0;
    console.log(`\n== MT-Bench second turns (${mt.length}) == recall as genuine_followup: ${recall.toFixed(3)}`);
    for (const m of s.misses) console.log(`  ${m.item.id} → ${m.predicted} by ${m.rule}: ${JSON.stringify(m.item.user_turn).slice(0, 110)}`);
  } else console.log('\nMT-Bench folder absent: positive set skipped');
}
