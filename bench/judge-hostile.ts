/**
 * Heuristic judge time on hostile text: `npx node bench/judge-hostile.ts [--max 1048576] [--budget-ms 4000]
 * [--family NAME] [--targeted] [--pairs] [--where user_turn,question,response,all] [--against DIR]`.
 * `userturn validate` judges again every verdict of a results pull request, on a question, response and user turn
 * the contributor wrote (a samples line may hold 1 MiB), so one pattern of the rules that backtracks super-linearly
 * hangs CI. Each family of strings (runs of one character, short units repeated, text built to part-match the cue
 * lists) is judged at doubling lengths, placed in the user turn, the question, the response or all three, until one
 * verdict takes `budget-ms`; a family's growth exponent is log2 of the time ratio of its last two lengths (1 is
 * linear, 2 quadratic). A verdict that runs over 10 × budget-ms is stopped (its worker thread ended) and shown as
 * such. `--against DIR` judges with the rules of another tree (`git archive <commit> runners src | tar -x -C DIR`
 * plus a node_modules link), in the same worker, for a before/after. Not a test (tests/unit/judge/heuristic-hostile.test.ts is).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { HOSTILE_FAMILIES, PAIRS, TARGETED } from './judge-hostile-families.ts';

const { values } = parseArgs({
  options: {
    max: { type: 'string', default: String(2 ** 20) },
    min: { type: 'string', default: String(2 ** 10) },
    'budget-ms': { type: 'string', default: '4000' },
    family: { type: 'string' },
    targeted: { type: 'boolean', default: false },
    pairs: { type: 'boolean', default: false },
    where: { type: 'string', default: 'user_turn,question,response,all' },
    against: { type: 'string' },
  },
});
const max = Number(values.max);
const budget = Number(values['budget-ms']);
const places = (values.where ?? '').split(',') as Array<'user_turn' | 'question' | 'response' | 'all'>;
const roots = [resolve(import.meta.dirname, '..'), ...(values.against ? [resolve(values.against)] : [])];

const WORKER = `
import { parentPort, workerData } from 'node:worker_threads';
const judges = [];
for (const root of workerData.roots) judges.push((await import(root)).createHeuristicJudge());
parentPort.on('message', async ({ k, input }) => {
  const t0 = performance.now();
  const v = await judges[k].judge(input);
  parentPort.postMessage({ ms: performance.now() - t0, verdict: v.kind === 'label' ? v.rule : v.kind });
});
parentPort.postMessage({ ready: true });
`;

let worker: Worker | null = null;
async function fresh(): Promise<Worker> {
  const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(WORKER)}`), { workerData: { roots: roots.map((r) => pathToFileURL(join(r, 'runners', 'judge', 'heuristic', 'judge.ts')).href) } });
  await new Promise((ok) => w.once('message', ok));
  return w;
}

/** One verdict's wall time in ms, or null when it ran past `limit` (the worker is then ended and replaced). */
async function time(k: number, input: { id: string; question: string; response: string; user_turn: string }, limit: number): Promise<{ ms: number; verdict: string } | null> {
  worker ??= await fresh();
  const w = worker;
  return new Promise((ok) => {
    const timer = setTimeout(() => {
      void w.terminate();
      worker = null;
      ok(null);
    }, limit);
    w.once('message', (m: { ms: number; verdict: string }) => {
      clearTimeout(timer);
      ok(m);
    });
    w.postMessage({ k, input });
  });
}

const NORMAL = {
  question: 'Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?',
  response: 'In May she sold 48 / 2 = 24 clips. Altogether she sold 48 + 24 = 72 clips.\n\nThe answer is 72.',
  user_turn: 'Why did you divide by 2 for May?',
};

function inputFor(where: string, text: string, turn = NORMAL.user_turn) {
  if (where === 'all') return { id: 'h', question: text, response: text, user_turn: text };
  return { id: 'h', ...NORMAL, user_turn: turn, [where]: text };
}

// The normal verdict, for scale: median of 21 after a warm-up.
{
  const ms: number[] = [];
  for (let i = 0; i < 31; i++) ms.push((await time(0, { id: 'n', ...NORMAL }, 60_000))!.ms);
  console.log(`normal verdict: median ${ms.slice(10).sort((a, b) => a - b)[10]!.toFixed(3)} ms`);
}

const worst: Array<{ name: string; where: string; n: number; ms: number; exp: number; root: number }> = [];
// Each family as one field (the others a normal exchange), or a question and a turn made together (--pairs).
const runs: Array<{ name: string; turn?: string; places: string[]; input(where: string, n: number): ReturnType<typeof inputFor> }> = values.pairs
  ? PAIRS.map((p) => ({ name: p.name, places: ['pair'], input: (_w: string, n: number) => ({ id: 'h', response: NORMAL.response, ...p.make(n) }) }))
  : (values.targeted ? TARGETED : HOSTILE_FAMILIES).map((f) => ({ name: f.name, turn: f.turn, places, input: (w: string, n: number) => inputFor(w, f.make(n), f.turn) }));
for (const fam of runs) {
  if (values.family && !fam.name.includes(values.family)) continue;
  for (const where of fam.places) {
    for (const [k, root] of roots.entries()) {
      const row: string[] = [];
      let prev: number | null = null;
      let exp = NaN;
      let last = { n: 0, ms: 0 };
      for (let n = Number(values.min); n <= max; n *= 2) {
        await time(k, fam.input(where, 64), 60_000); // warm the worker on this family's shape
        const r = await time(k, fam.input(where, n), budget * 10);
        if (r === null) {
          row.push(`${n}:>${budget * 10}ms(stopped)`);
          last = { n, ms: budget * 10 };
          exp = Infinity;
          break;
        }
        if (prev !== null && prev >= 5) exp = Math.log2(r.ms / prev);
        prev = r.ms;
        last = { n, ms: r.ms };
        row.push(`${n}:${r.ms.toFixed(1)}`);
        if (r.ms > budget) break;
      }
      worst.push({ name: fam.name, where, n: last.n, ms: last.ms, exp, root: k });
      console.log(`${roots.length > 1 ? `[${k === 0 ? 'this' : 'against'}] ` : ''}${fam.name} @${where}: exp ${Number.isFinite(exp) ? exp.toFixed(2) : exp} | ${row.join(' ')}`);
    }
  }
}
for (const [k, root] of roots.entries()) {
  const mine = worst.filter((w) => w.root === k);
  // Time per character at the largest length reached: a linear family's figure does not grow with n.
  const top = [...mine].sort((a, b) => b.ms / b.n - a.ms / a.n).slice(0, 12);
  console.log(`\n${root}: slowest per character at the largest length reached`);
  for (const w of top) console.log(`  ${w.name} @${w.where}: ${w.ms.toFixed(0)} ms at n=${w.n} (${((w.ms / w.n) * 1000).toFixed(2)} µs/char), exponent ${Number.isFinite(w.exp) ? w.exp.toFixed(2) : w.exp}`);
}
// (assigned in time(), which the type checker does not follow here)
await (worker as Worker | null)?.terminate();
