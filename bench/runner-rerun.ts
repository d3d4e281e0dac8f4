/**
 * Cached-rerun benchmark (not a test; issue 16). Starts `userturn sim` on 127.0.0.1, does one `userturn run` of
 * ~20,000 requests into a fresh SQLite cache (it keeps its whole result, the result stage: see docs/runner.md), then,
 * in this same process, three interleaved rounds of
 *   (a) the floor: reading every row of the request cache bare (one SELECT, every column),
 *   (k) reading every row again by its key through the request cache (`get`: its one-scan read-ahead and every
 *       checksum), which is how a rerun finds its answers, and
 *   (b) the same `userturn run` again, fully cached (no request sent; it must reuse the stored result),
 * and prints each time and the ratios (b)/(a) and (b)/(k), with their medians, and the CPU time (all threads) of (b)
 * over (a)'s, which the load moves less than wall time. Every rerun's results (summary and sample files,
 * timings aside) must equal the first run's; the benchmark exits 1 when they do not. Last, for scale, the whole path
 * fully cached (what a rerun whose judge or suite changed takes).
 * Target (issue 16): (b)/(a) ≤ 3.
 * Usage: npm run bench:rerun [-- --requests 20000 --latency-ms 20 --concurrency 256]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openSqliteCache } from '../runners/cache/sqlite-cache.ts';
import { parseScriptArgs } from '../runners/core/args.ts';
import { runProbeCommand } from '../runners/probe/run-probe.ts';
import type { RunOptions } from '../runners/probe/run-options.ts';
import { comparableResult } from '../tests/helpers/result-compare.ts';
import { benchRun, startSim } from './runner/fixture.ts';
import { median } from './median.ts';

const USAGE = `usage: npm run bench:rerun -- [--requests N] [--latency-ms MS] [--concurrency C] [--rounds R]

A fully cached rerun of \`userturn run\` against reading the cache rows bare (see docs/runner.md).`;
const { values } = parseScriptArgs(process.argv.slice(2), {
  requests: { type: 'string', default: '20000' },
  'latency-ms': { type: 'string', default: '20' },
  concurrency: { type: 'string', default: '256' },
  rounds: { type: 'string', default: '3' },
}, USAGE);
for (const k of ['requests', 'latency-ms', 'concurrency', 'rounds'] as const) {
  if (!/^\d+$/.test(values[k] ?? '')) {
    console.error(`--${k} must be a whole number, got "${values[k]}"\n\n${USAGE}`);
    process.exit(2);
  }
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');

/** The floor: every row of the request cache read once, every column touched. */
function readRowsBare(path: string): { rows: number; s: number; cpu: number; keys: Array<[string, string]> } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const db = new DatabaseSync(path, { readOnly: true });
  const keys: Array<[string, string]> = [];
  for (const r of db.prepare('SELECT scope, key, text, finish_reason, model, latency_ms, sha256 FROM responses').iterate() as Iterable<Record<string, string>>) {
    keys.push([r.scope!, r.key!]);
  }
  db.close();
  if (keys.length === 0) throw new Error('empty cache');
  return { rows: keys.length, s: (performance.now() - t0) / 1000, cpu: cpuSeconds(c0), keys };
}

/** Every row read by its key through the request cache, as a rerun finds its answers. */
function readRowsKeyed(path: string, keys: Array<[string, string]>): number {
  const t0 = performance.now();
  const cache = openSqliteCache(path, { scope: keys[0]![0] });
  for (const [, key] of keys) if (!cache.get(key)) throw new Error(`row ${key} not found`);
  cache.close();
  return (performance.now() - t0) / 1000;
}

/** CPU seconds of the whole process (every thread) since `c0`. */
function cpuSeconds(c0: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1e6;
}

/** One run, timed; `reused` says whether it took the stored result stage (docs/runner.md) or the whole path. */
async function timedRun(opts: RunOptions) {
  const lines: string[] = [];
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const outcome = await runProbeCommand({ ...opts, out: (m) => lines.push(m) });
  return { s: (performance.now() - t0) / 1000, cpu: cpuSeconds(c0), outcome, reused: lines.some((l) => l.startsWith('derived: the whole result reused')) };
}

async function main(): Promise<void> {
  const sim = await startSim(Number(values['latency-ms']));
  const work = await mkdtemp(join(tmpdir(), 'ut-bench-rerun-'));
  let failed = false;
  try {
    const { items, opts: base } = await benchRun(work, sim.url, Number(values.requests), Number(values.concurrency));
    const opts = { ...base, log: () => {}, out: () => {}, progressWrite: () => {} } as RunOptions;
    console.log(`cached rerun against reading the cache rows, ${new Date().toISOString()}, ${cpus().length} cores, load average ${load()}`);
    const first = await timedRun(opts);
    const resultDir = first.outcome.resultDir!;
    const reference = await comparableResult(resultDir);
    console.log(`first run: ${items} items, ${first.outcome.stats!.completed} requests sent in ${first.s.toFixed(1)} s (simulator at ${values['latency-ms']} ms, concurrency ${opts.concurrency}), load ${load()}`);
    // The first run kept its whole result: every round, the first rerun included, should reuse it.
    console.log('\nround  rows   (a) bare s  (k) keyed s  (b) rerun s  b/a     b/k    (a) cpu s  (b) cpu s  cpu b/a  sent  path    same results  load');
    const bare: number[] = [];
    const cpu: number[] = [];
    const keyed: number[] = [];
    for (let round = 1; round <= Number(values.rounds); round++) {
      const floor = readRowsBare(opts.cachePath!);
      const byKey = readRowsKeyed(opts.cachePath!, floor.keys);
      const rerun = await timedRun(opts);
      const same = (await comparableResult(resultDir)) === reference;
      failed ||= !same || rerun.outcome.stats!.sent !== 0 || !rerun.reused;
      bare.push(rerun.s / floor.s);
      keyed.push(rerun.s / byKey);
      cpu.push(rerun.cpu / floor.cpu);
      const cols = [String(round).padStart(5), String(floor.rows).padStart(5), floor.s.toFixed(3).padStart(10), byKey.toFixed(3).padStart(11), rerun.s.toFixed(3).padStart(11), (rerun.s / floor.s).toFixed(1).padStart(5), (rerun.s / byKey).toFixed(2).padStart(6), floor.cpu.toFixed(3).padStart(9), rerun.cpu.toFixed(3).padStart(9), (rerun.cpu / floor.cpu).toFixed(1).padStart(7)];
      console.log(`${cols.join('  ')}  ${String(rerun.outcome.stats!.sent).padStart(4)}  ${rerun.reused ? 'stored' : 'whole '}  ${same ? 'yes' : 'NO '}           ${load()}`);
    }
    console.log(`\nmedian b/a ${median(bare).toFixed(1)} (issue 16 target ≤ 3), median b/k ${median(keyed).toFixed(2)}, median CPU b/a ${median(cpu).toFixed(1)}; load average at the end ${load()} (the simulator idles on the same cores)`);
    // For scale: the whole path from the same cache (another results folder, so no stored files match), as a rerun
    // whose judge or suite changed would take it.
    const whole = await timedRun({ ...opts, outDir: join(work, 'results-whole') });
    failed ||= whole.outcome.stats!.sent !== 0 || whole.reused;
    console.log(`the whole path, fully cached (another results folder): ${whole.s.toFixed(3)} s, ${whole.cpu.toFixed(3)} s CPU, load ${load()}`);
  } finally {
    sim.stop();
    await rm(work, { recursive: true, force: true });
  }
  if (failed) {
    console.error('a cached rerun sent requests, did not reuse the stored result (the whole path: did), or its results differ from the first run');
    process.exit(1);
  }
}

await main();
