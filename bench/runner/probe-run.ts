import { spawn } from 'node:child_process';
import { runStartEnv, START_FLAGS } from '../../runners/probe/heap.ts';
import { descendantCpuMs } from './descendant-cpu.ts';

/** Requests per item under suite v1: the assistant turn and 12 user turns. */
export const REQUESTS_PER_ITEM = 13;

/** What the child reports about its own `userturn run`. */
export interface RunFigures {
  exitCode: number;
  wall_s: number;
  /** CPU of every thread of the run and of its child processes (the render process, `git`). */
  cpu_ms: number;
  /** The child processes' share of cpu_ms. */
  children_cpu_ms: number;
  max_rss_mb: number;
  /** When RSS (sampled every 100 ms) peaked, as a fraction of the run's wall time. */
  peak_at: number;
  /** RSS in MB at 25, 50, 75 and 90% of the run's wall time: steady growth or a jump at the end (the summary). */
  rss_mb_at: number[];
  completed: number;
  cache_hits: number;
  failed: number;
}

/** In the child: one `userturn run`, then its own wall time, CPU (every thread and child process) and peak RSS as one JSON line. */
export async function childMain(args: string): Promise<void> {
  const { runProbeCommand } = await import('../../runners/probe/run-probe.ts');
  const opts = JSON.parse(args) as Parameters<typeof runProbeCommand>[0];
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const timeline: Array<{ at: number; rss: number }> = [];
  const sampler = setInterval(() => timeline.push({ at: performance.now() - t0, rss: process.memoryUsage.rss() }), 100);
  const outcome = await runProbeCommand({ ...opts, log: () => {}, out: () => {}, progressWrite: () => {} });
  const cpu = process.cpuUsage(cpu0);
  const childrenMs = descendantCpuMs();
  clearInterval(sampler);
  const wall = performance.now() - t0;
  const peak = timeline.reduce((p, x) => (x.rss > p.rss ? x : p), { at: 0, rss: 0 });
  const rssAt = (share: number) => (timeline.findLast((x) => x.at <= share * wall)?.rss ?? 0) / 2 ** 20;
  const figures: RunFigures = {
    exitCode: outcome.exitCode,
    wall_s: wall / 1000,
    cpu_ms: (cpu.user + cpu.system) / 1000 + childrenMs,
    children_cpu_ms: childrenMs,
    max_rss_mb: process.resourceUsage().maxRSS / 1024,
    peak_at: peak.at / wall,
    rss_mb_at: [0.25, 0.5, 0.75, 0.9].map(rssAt),
    completed: outcome.stats?.completed ?? 0,
    cache_hits: outcome.stats?.cacheHits ?? 0,
    failed: outcome.stats?.failed ?? 0,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

/**
 * `userturn run` in its own process (so its RSS is its own), started with the V8 flag and the environment the CLI
 * re-executes itself with (malloc's settings, the compile cache). BENCH_CHILD_FLAGS replaces the flags (e.g. `--cpu-prof --cpu-prof-dir=DIR` to
 * profile the run).
 */
export async function runChild(script: string, opts: Record<string, unknown>): Promise<RunFigures> {
  const flags = process.env.BENCH_CHILD_FLAGS ? process.env.BENCH_CHILD_FLAGS.split(' ') : [...START_FLAGS];
  const p = spawn(process.execPath, [...flags, script, '--child', '--args', JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...runStartEnv(), ...process.env } });
  let out = '';
  p.stdout!.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((r) => p.once('exit', r));
  const last = out.trim().split('\n').pop();
  if (code !== 0 || !last) throw new Error(`the benchmark's userturn run exited ${code}`);
  return JSON.parse(last) as RunFigures;
}
