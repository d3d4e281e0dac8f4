/**
 * Heuristic judge throughput: `npx node bench/judge-heuristic.ts [repeats]`. Labels the calibration set plus the
 * MT-Bench positives (when present) `repeats` times and prints verdicts per second. Not a test.
 */
import { createHeuristicJudge } from '../runners/judge/index.ts';
import { loadLabelledSet, loadMtBenchPositives } from '../runners/judge/labelled/load.ts';

const repeats = Number(process.argv[2] ?? 20);
const items = [...loadLabelledSet(), ...(loadMtBenchPositives() ?? [])];
const judge = createHeuristicJudge();
const t0 = performance.now();
for (let r = 0; r < repeats; r++) for (const it of items) await judge.judge(it);
const ms = performance.now() - t0;
const n = repeats * items.length;
console.log(`heuristic judge: ${n} verdicts in ${ms.toFixed(0)} ms = ${Math.round((n / ms) * 1000)} verdicts/s (${(ms / n).toFixed(3)} ms each)`);
