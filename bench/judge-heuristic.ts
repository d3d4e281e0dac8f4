/**
 * Heuristic judge cost on a run-like mix: `npx node bench/judge-heuristic.ts [--items 300] [--reps 7] [--against DIR]`.
 * The mix is what `userturn run` sends the judge (issue 16's profile): per GSM8K item, the 12 user turns of suite v1
 * (greedy, 4 × t0.7, 4 × t1.0 on the full answer, then truncated, generic question, reference), written by the
 * simulator's `aware` profile, judged in that order through the judge's own `judge()` as the CPU stage calls it.
 * Prints the median CPU time (process.cpuUsage) per verdict over `reps` passes. `--against DIR` loads a second copy
 * of the judge from DIR (e.g. an older commit, `git archive <commit> runners src | tar -x -C DIR` plus a
 * node_modules link) and alternates the two pass by pass, so both are measured in the same time window. Not a test.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Judge, JudgeInput } from '../runners/core/judge.ts';
import { truncateText } from '../runners/probe/perturb.ts';
import { drawLabel, labelWeights, PROFILES } from '../runners/sim/profiles.ts';
import { rngFor } from '../runners/sim/rng.ts';
import { userTurnText, workedAnswer } from '../runners/sim/text.ts';
import { median } from './median.ts';

const { values } = parseArgs({ options: { items: { type: 'string', default: '300' }, reps: { type: 'string', default: '7' }, against: { type: 'string' } } });
const dataDir = resolve(process.env.USERTURN_DATA_DIR ?? join(import.meta.dirname, '..', '..', 'shared', 'datasets'));
const gsmPath = join(dataDir, 'gsm8k', 'test.jsonl');
if (!existsSync(gsmPath)) throw new Error(`${gsmPath}: not found (set USERTURN_DATA_DIR to the datasets folder)`);

/** Suite v1's twelve user-turn samples per item: temperature and the assistant turn they see. */
const SAMPLES: Array<{ t: number; ctx: 'answer' | 'truncated' | 'generic_question' | 'reference' }> = [
  { t: 0, ctx: 'answer' },
  ...Array.from({ length: 4 }, () => ({ t: 0.7, ctx: 'answer' as const })),
  ...Array.from({ length: 4 }, () => ({ t: 1, ctx: 'answer' as const })),
  { t: 0, ctx: 'truncated' },
  { t: 0, ctx: 'generic_question' },
  { t: 0, ctx: 'reference' },
];

function runLikeMix(items: number): JudgeInput[] {
  const rows = readFileSync(gsmPath, 'utf8').split('\n').filter((l) => l.trim()).slice(0, items);
  const out: JudgeInput[] = [];
  rows.forEach((line, i) => {
    const { question, answer: ref } = JSON.parse(line) as { question: string; answer: string };
    const final = /####\s*(.+)\s*$/.exec(ref)?.[1]?.trim() ?? '';
    const answer = workedAnswer(ref, rngFor('bench', i)() < 0.85 ? final : `${final}1`);
    SAMPLES.forEach((s, k) => {
      const a =
        s.ctx === 'answer' ? answer
        : s.ctx === 'truncated' ? truncateText(answer, 0.5, 'word')
        : s.ctx === 'generic_question' ? `${answer}\n\nDoes that answer your question?`
        : ref.replace(/<<[^>]*>>/g, '');
      const rand = rngFor('bench', i, k);
      const truncated = a.length > 0 && !/[.!?)\]`"'*:]$|\d$/.test(a);
      const label = drawLabel(labelWeights(PROFILES.aware!, { temperature: s.t, truncated, endsWithQuestion: /\?$/.test(a) }), rand);
      out.push({ id: `${i}~${k}`, question, response: a, user_turn: userTurnText(label, question, a, { truncated }, rand).text });
    });
  });
  return out;
}

async function load(root: string): Promise<Judge> {
  const mod = (await import(join(root, 'runners', 'judge', 'heuristic', 'judge.ts'))) as { createHeuristicJudge: () => Judge };
  return mod.createHeuristicJudge();
}

/** CPU milliseconds per verdict for one pass over the mix. */
async function pass(judge: Judge, mix: JudgeInput[]): Promise<number> {
  const c0 = process.cpuUsage();
  for (const input of mix) await judge.judge(input);
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / mix.length;
}

const mix = runLikeMix(Number(values.items));
const judges: Array<[string, Judge]> = [['this tree', await load(resolve(import.meta.dirname, '..'))]];
if (values.against) judges.push([values.against, await load(resolve(values.against))]);
for (const [, j] of judges) await pass(j, mix); // warm-up: rules loaded, code optimised
const times = judges.map(() => [] as number[]);
for (let r = 0; r < Number(values.reps); r++) for (const [k, [, j]] of judges.entries()) times[k]!.push(await pass(j, mix));
console.log(`run-like mix: ${mix.length} verdicts a pass (${mix.length / 12} GSM8K items × 12 user turns), ${values.reps} passes each, CPU time per verdict:`);
for (const [k, [name]] of judges.entries()) {
  const t = times[k]!;
  console.log(`  ${name}: median ${median(t).toFixed(4)} ms (range ${Math.min(...t).toFixed(4)}–${Math.max(...t).toFixed(4)})`);
}
