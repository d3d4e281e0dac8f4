/**
 * Runner throughput benchmark (not a test). Needs nothing but this repository: it starts `userturn sim` with
 * 200 ms latency on 127.0.0.1 and measures
 *   1. raw client throughput at concurrency 32 / 128 / 512 against the ideal concurrency / latency,
 *      and the runner's CPU ms per request;
 *   2. a full probe run (templates, judge, cache, results) of ~20,000 requests: wall time, CPU, peak RSS;
 *   3. the same run again from the full cache (no request sent), timed.
 * Targets (issue 3): ≥ 90% of ideal at 128; RSS < 300 MB; cached rerun < 10 s.
 * Usage: npm run bench:runner [-- --requests 20000 --latency-ms 200]
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseScriptArgs } from '../runners/core/args.ts';
import { SEMI_SPACE_FLAG } from '../runners/probe/heap.ts';
import { benchRun, startSim } from './runner/fixture.ts';

const USAGE = `usage: npm run bench:runner -- [--requests N] [--latency-ms MS] [--concurrency C] [--skip-client]

Runner throughput, memory and cached-rerun time against the simulator (see docs/runner.md).`;
const { values } = parseScriptArgs(process.argv.slice(2), {
  child: { type: 'string' },
  requests: { type: 'string', default: '20000' },
  'latency-ms': { type: 'string', default: '200' },
  concurrency: { type: 'string', default: '512' },
  args: { type: 'string' },
  'skip-client': { type: 'boolean' },
}, USAGE);
for (const k of ['requests', 'latency-ms', 'concurrency'] as const) {
  if (!/^\d+$/.test(values[k] ?? '')) {
    console.error(`--${k} must be a whole number, got "${values[k]}"\n\n${USAGE}`);
    process.exit(2);
  }
}

/** In the child process: one `userturn run`-equivalent, then its own resource usage as one JSON line. */
async function child(): Promise<void> {
  const { runProbeCommand } = await import('../runners/probe/run-probe.ts');
  const opts = JSON.parse(values.args!) as Record<string, unknown>;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const outcome = await runProbeCommand({ ...(opts as any), log: () => {}, out: () => {}, progressWrite: () => {} });
  const cpu = process.cpuUsage(cpu0);
  (globalThis as { gc?: () => void }).gc?.();
  process.stdout.write(
    `${JSON.stringify({
      exitCode: outcome.exitCode,
      wall_s: (performance.now() - t0) / 1000,
      cpu_ms: (cpu.user + cpu.system) / 1000,
      max_rss_mb: process.resourceUsage().maxRSS / 1024,
      heap_used_mb: process.memoryUsage().heapUsed / 1048576,
      external_mb: process.memoryUsage().external / 1048576,
      completed: outcome.stats?.completed ?? 0,
      cache_hits: outcome.stats?.cacheHits ?? 0,
      failed: outcome.stats?.failed ?? 0,
    })}\n`,
  );
}

/** Client-only throughput: unique realistic requests, `waves` rounds of `concurrency` requests. */
async function clientThroughput(url: string, concurrency: number, latencyMs: number) {
  const { createCompletionsClient } = await import('../runners/client/completions-client.ts');
  const { memoryCache } = await import('../runners/cache/sqlite-cache.ts');
  const n = concurrency * 12;
  const client = createCompletionsClient({ baseURLs: [`${url}/v1`], concurrency, timeoutMs: 60_000, maxAttempts: 3, backoffBaseMs: 100, backoffMaxMs: 1000, cache: memoryCache() });
  const question = 'Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many clips did Natalia sell altogether in April and May?';
  const body = (i: number) => ({
    model: 'userturn-sim/aware',
    prompt: `<|im_start|>user\n${question} (#${concurrency}-${i})<|im_end|>\n<|im_start|>assistant\nIn May she sold 48 / 2 = 24 clips.\nAltogether she sold 48 + 24 = 72 clips.\n\nThe answer is 72.<|im_end|>\n<|im_start|>user\n`,
    max_tokens: 512, temperature: 1, top_p: 1, seed: i, stop: ['<|im_end|>', '<|im_start|>assistant', '<|im_start|>user'],
  });
  // Warm-up: open the connections.
  await Promise.all(Array.from({ length: Math.min(concurrency, 64) }, (_, i) => client.complete({ ...body(-1 - i), prompt: `warm ${i}` })));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => client.complete(body(i))));
  const s = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const achieved = n / s;
  const ideal = concurrency / (latencyMs / 1000);
  return { concurrency, requests: n, achieved, ideal, ratio: achieved / ideal, cpu_ms_per_request: (cpu.user + cpu.system) / 1000 / n, failed: client.stats.failed };
}

async function runChild(opts: Record<string, unknown>): Promise<Record<string, number>> {
  // The same V8 flag `userturn run` re-executes itself with.
  const flags = process.env.BENCH_CHILD_FLAGS ? process.env.BENCH_CHILD_FLAGS.split(' ') : [SEMI_SPACE_FLAG];
  const p = spawn(process.execPath, [...flags, ...(process.env.BENCH_GC ? ['--expose-gc'] : []), import.meta.filename, '--child', 'pipeline', '--args', JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  p.stdout!.on('data', (d) => (out += d));
  await new Promise((r) => p.once('exit', r));
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>;
}

async function main(): Promise<void> {
  const latencyMs = Number(values['latency-ms']);
  const requests = Number(values.requests);
  const sim = await startSim(latencyMs);
  const work = await mkdtemp(join(tmpdir(), 'ut-bench-'));
  try {
    console.log(`runner throughput against userturn sim (${latencyMs} ms latency), ${new Date().toISOString()}, ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
    console.log('\n1. client throughput (unique requests, no cache)');
    console.log('concurrency  requests  achieved req/s  ideal req/s  % of ideal  CPU ms/request');
    for (const c of values['skip-client'] ? [] : [32, 128, 512]) {
      const r = await clientThroughput(sim.url, c, latencyMs);
      console.log(`${String(c).padStart(11)}  ${String(r.requests).padStart(8)}  ${r.achieved.toFixed(0).padStart(14)}  ${r.ideal.toFixed(0).padStart(11)}  ${(100 * r.ratio).toFixed(1).padStart(9)}%  ${r.cpu_ms_per_request.toFixed(3).padStart(14)}`);
    }

    const { items, opts } = await benchRun(work, sim.url, requests, Number(values.concurrency));
    console.log(`\n2. full probe run: ${items} items × 13 requests (suite v1 conditions), concurrency ${opts.concurrency}, heuristic judge, SQLite cache`);
    const full = await runChild(opts);
    const idealS = full.completed! / (opts.concurrency / (latencyMs / 1000));
    console.log(`   ${full.completed} requests in ${full.wall_s!.toFixed(1)} s (${(full.completed! / full.wall_s!).toFixed(0)} req/s; ideal ${idealS.toFixed(1)} s), CPU ${(full.cpu_ms! / full.completed!).toFixed(2)} ms/request, peak RSS ${full.max_rss_mb!.toFixed(0)} MB (heap at end ${full.heap_used_mb!.toFixed(0)} MB), failed ${full.failed}`);
    console.log('\n3. the same run again from the full cache');
    const cached = await runChild(opts);
    console.log(`   ${cached.cache_hits} cache hits, ${cached.completed} sent, in ${cached.wall_s!.toFixed(2)} s, peak RSS ${cached.max_rss_mb!.toFixed(0)} MB`);
    console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(' ')} (the simulator runs on the same cores)`);
    console.log(`\ntargets: ≥90% of ideal at 128 · RSS < 300 MB (${full.max_rss_mb!.toFixed(0)} MB) · cached rerun < 10 s (${cached.wall_s!.toFixed(2)} s)`);
  } finally {
    sim.stop();
    await rm(work, { recursive: true, force: true });
  }
}

if (values.child) await child();
else await main();
