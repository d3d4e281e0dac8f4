/**
 * The runner against the floor (issue 16; a benchmark, not a test). One process starts `userturn sim` with a
 * fixed latency on 127.0.0.1 and, per scenario (N requests at concurrency C), measures in interleaved repetitions
 *   floor   a bare fetch loop (global fetch, the same streamed requests, body read and dropped);
 *   client  userturn's client alone (retries, timeouts, stream parsing, validation; in-memory cache);
 *   run     the whole `userturn run` (templates, verifier, heuristic judge, SQLite cache, results) in a child
 *           process, so its CPU and peak RSS are its own (its CPU counts every thread and its child processes: the
 *           template render process and `git`);
 * and prints wall time and CPU per request as ratios to the floor of the same repetition (the machine is shared,
 * so absolute figures move with its load). The memory scenario runs the floor and `userturn run` --memory-reps times
 * (two by default, so flatness is not judged on one run).
 * `--token-ms N` paces the streams as an engine's decode loop does (one piece every N ms after the first, see
 * runners/sim/pacing.ts); by default each answer is written at once, as issue 16 measured.
 * Usage: npm run bench:runner [-- --scenarios 4000@128,20000@512 --memory 100000@512 --reps 3 --memory-reps 2 --latency-ms 200 --token-ms 0]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScriptArgs } from '../runners/core/args.ts';
import { clientLoop, floorLoop, type LoopFigures } from './runner/loops.ts';
import { benchRun, startSim } from './runner/fixture.ts';
import { childMain, REQUESTS_PER_ITEM, runChild, type RunFigures } from './runner/probe-run.ts';
import { median } from './median.ts';

const USAGE = `usage: npm run bench:runner -- [--scenarios N@C,…] [--memory N@C|none] [--reps R] [--memory-reps R] [--latency-ms MS] [--token-ms MS]

userturn run and its client against a bare fetch loop on the same simulator (see docs/runner.md, Performance).`;
const { values } = parseScriptArgs(process.argv.slice(2), {
  child: { type: 'boolean' },
  args: { type: 'string' },
  scenarios: { type: 'string', default: '4000@128,20000@512' },
  memory: { type: 'string', default: '100000@512' },
  reps: { type: 'string', default: '3' },
  'memory-reps': { type: 'string', default: '2' },
  'latency-ms': { type: 'string', default: '200' },
  'token-ms': { type: 'string', default: '0' },
}, USAGE);

const usageError = (msg: string): never => {
  console.error(`${msg}\n\n${USAGE}`);
  process.exit(2);
};
for (const k of ['reps', 'memory-reps', 'latency-ms'] as const) if (!/^\d+$/.test(values[k] ?? '') || Number(values[k]) < 1) usageError(`--${k} must be a whole number ≥ 1, got "${values[k]}"`);
if (!/^\d+$/.test(values['token-ms'] ?? '')) usageError(`--token-ms must be a whole number ≥ 0, got "${values['token-ms']}"`);

interface Scenario {
  items: number;
  requests: number;
  concurrency: number;
}
function scenario(s: string, flag: string): Scenario {
  const m = /^(\d+)@(\d+)$/.exec(s.trim());
  if (!m || Number(m[1]) < REQUESTS_PER_ITEM || Number(m[2]) < 1) return usageError(`--${flag}: "${s}" is not REQUESTS@CONCURRENCY (e.g. 4000@128)`);
  const items = Math.round(Number(m[1]) / REQUESTS_PER_ITEM);
  return { items, requests: items * REQUESTS_PER_ITEM, concurrency: Number(m[2]) };
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const f = (x: number, d = 2) => x.toFixed(d);
const perRequest = (x: LoopFigures | RunFigures, n: number) => x.cpu_ms / n;

interface Rep {
  floor: LoopFigures;
  client: LoopFigures | null;
  run: RunFigures;
}

async function measure(url: string, sc: Scenario, reps: number, withClient: boolean, tag: string): Promise<Rep[]> {
  const out: Rep[] = [];
  const work = await mkdtemp(join(tmpdir(), 'ut-bench-'));
  try {
    for (let r = 0; r < reps; r++) {
      // Interleaved: every repetition measures all three back to back, so load changes hit them alike.
      const floor = await floorLoop(url, sc.requests, sc.concurrency, `${tag}-${r}-floor`);
      const client = withClient ? await clientLoop(url, sc.requests, sc.concurrency, `${tag}-${r}-client`) : null;
      const dir = join(work, `run-${r}`);
      // A fresh data folder, suite, cache and results folder for every run.
      const run = await runChild(import.meta.filename, (await benchRun(dir, url, sc.requests, sc.concurrency)).opts);
      await rm(dir, { recursive: true, force: true });
      out.push({ floor, client, run });
      const c = client ? `client ${f(client.wall_s / floor.wall_s)}× (CPU ${f(perRequest(client, sc.requests) / perRequest(floor, sc.requests))}×), ` : '';
      console.log(`   rep ${r + 1}: floor ${f(floor.wall_s, 1)} s (${f(perRequest(floor, sc.requests), 3)} ms CPU/req), ${c}run ${f(run.wall_s, 1)} s = ${f(run.wall_s / floor.wall_s)}× (${f(perRequest(run, sc.requests), 3)} ms CPU/req = ${f(perRequest(run, sc.requests) / perRequest(floor, sc.requests))}×, child processes ${f(run.children_cpu_ms / sc.requests, 3)} ms of it), peak RSS ${f(run.max_rss_mb, 0)} MB (at ${f(run.peak_at * 100, 0)}% of the run; ${run.rss_mb_at.map((x) => f(x, 0)).join(' / ')} MB at 25/50/75/90%), ${run.completed} sent, ${run.failed + floor.failed + (client?.failed ?? 0)} failed · load ${load()}`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return out;
}

function summarise(sc: Scenario, reps: Rep[]) {
  const wall = median(reps.map((r) => r.run.wall_s / r.floor.wall_s));
  const cpu = median(reps.map((r) => perRequest(r.run, sc.requests) / perRequest(r.floor, sc.requests)));
  const client = reps[0]!.client ? median(reps.map((r) => r.client!.wall_s / r.floor.wall_s)) : null;
  const rss = Math.max(...reps.map((r) => r.run.max_rss_mb));
  console.log(`   median of ${reps.length}: run ${f(wall)}× the floor's wall${client === null ? '' : `, client ${f(client)}×`}; run CPU/request ${f(cpu)}× the floor's (floor ${f(median(reps.map((r) => perRequest(r.floor, sc.requests))), 3)} ms, run ${f(median(reps.map((r) => perRequest(r.run, sc.requests))), 3)} ms); peak RSS ${f(rss, 0)} MB`);
  return { wall, cpu, rss };
}

async function main(): Promise<void> {
  const timed = values.scenarios!.split(',').map((s) => scenario(s, 'scenarios'));
  const memory = values.memory === 'none' ? null : scenario(values.memory!, 'memory');
  const reps = Number(values.reps);
  const latencyMs = Number(values['latency-ms']);
  const tokenMs = Number(values['token-ms']);
  const sim = await startSim(latencyMs, tokenMs);
  try {
    console.log(`userturn run against the floor: simulator at ${latencyMs} ms${tokenMs > 0 ? ` then ${tokenMs} ms a streamed piece` : ', each answer in one write'}, ${new Date().toISOString()}, ${cpus().length} cores, load average ${load()}`);
    const results = new Map<string, { wall: number; cpu: number; rss: number }>();
    for (const sc of timed) {
      console.log(`\n${sc.requests} requests @ concurrency ${sc.concurrency} (ideal ${f(sc.requests / (sc.concurrency / (latencyMs / 1000)), 1)} s${tokenMs > 0 ? ' from the latency alone, before the paced pieces' : ''}), ${reps} interleaved repetitions`);
      results.set(`${sc.requests}@${sc.concurrency}`, summarise(sc, await measure(sim.url, sc, reps, true, `${sc.requests}@${sc.concurrency}`)));
    }
    if (memory) {
      const memoryReps = Number(values['memory-reps']);
      console.log(`\nmemory: ${memory.requests} requests @ concurrency ${memory.concurrency}, ${memoryReps} run(s)`);
      results.set('memory', summarise(memory, await measure(sim.url, memory, memoryReps, false, 'memory')));
    }
    console.log(`\nload average at the end: ${load()} (the simulator runs on the same cores)`);
    const [first, second] = timed.map((sc) => results.get(`${sc.requests}@${sc.concurrency}`)!);
    const mem = results.get('memory');
    const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log('acceptance (issue 16):');
    if (first) console.log(`  run wall ≤ 1.2× floor at ${timed[0]!.requests}@${timed[0]!.concurrency}: ${f(first.wall)}× ${mark(first.wall <= 1.2)}`);
    if (second) console.log(`  run wall ≤ 1.5× floor at ${timed[1]!.requests}@${timed[1]!.concurrency}: ${f(second.wall)}× ${mark(second.wall <= 1.5)}`);
    for (const [k, r] of results) console.log(`  run CPU/request ≤ 1.5× floor (${k}): ${f(r.cpu)}× ${mark(r.cpu <= 1.5)}`);
    if (mem) {
      console.log(`  peak RSS ≤ 250 MB at ${memory!.requests}: ${f(mem.rss, 0)} MB ${mark(mem.rss <= 250)}`);
      // Flat: the 5× longer run may not peak more than 10% above the shorter one.
      if (second) console.log(`  RSS flat from ${timed[1]!.requests} to ${memory!.requests}: ${f(second.rss, 0)} → ${f(mem.rss, 0)} MB ${mark(mem.rss <= second.rss * 1.1)}`);
    }
  } finally {
    sim.stop();
  }
}

if (values.child) await childMain(values.args!);
else await main();
