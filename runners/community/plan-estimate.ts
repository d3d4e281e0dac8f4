import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import { moduleExt } from '../core/module-file.ts';

/**
 * What a submission will cost to run, taken from the runner's own dry run (`userturn run --dry-run`), so the
 * numbers in the PR comment are the runner's, never a second estimate that could drift from it.
 */
export type PlanEstimate =
  | { kind: 'estimate'; requests: number; promptTokens: number | null; maxCompletionTokens: number | null; items: number | null; source: string }
  | { kind: 'unavailable'; reason: string };

const EXT = moduleExt(import.meta.url);
const CLI_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli', `main${EXT}`);
const RUN_COMMAND = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'commands', `run${EXT}`);
const DRY_RUN_TIMEOUT_MS = 120_000;

export interface DryRunOptions {
  cwd?: string;
  /** Each dry run's own time limit, counted from its start (not from when it was queued). */
  timeoutMs?: number;
  extraArgs?: string[];
  /** The script and arguments before the submission file, run on this Node; default: this checkout's `userturn run`. */
  command?: readonly string[];
}

/**
 * Read the dry-run table: the `total` line carries requests, estimated prompt tokens and the completion-token
 * upper bound; each dataset block ends with an `items` line.
 */
export function readPlanText(out: string): PlanEstimate {
  const total = /^total\s+(\d+)\s+(\d+)\s+(\d+)\s*$/m.exec(out);
  if (!total) return { kind: 'unavailable', reason: 'the dry run printed no total line' };
  const items = Array.from(out.matchAll(/^\s+items\s+(\d+)\s*$/gm), (m) => Number(m[1]));
  return {
    kind: 'estimate',
    requests: Number(total[1]),
    promptTokens: Number(total[2]),
    maxCompletionTokens: Number(total[3]),
    items: items.length > 0 ? items.reduce((a, b) => a + b, 0) : null,
    source: 'runner dry run',
  };
}

/** Run the runner's dry run for one submission file (a dry run plans; it sends nothing to a model). Never rejects. */
export function estimatePlan(submissionFile: string, opts: DryRunOptions = {}): Promise<PlanEstimate> {
  if (!opts.command && !existsSync(RUN_COMMAND)) return Promise.resolve({ kind: 'unavailable', reason: 'this checkout has no `userturn run` yet' });
  const timeoutMs = opts.timeoutMs ?? DRY_RUN_TIMEOUT_MS;
  const args = [...(opts.command ?? [CLI_MAIN, 'run']), submissionFile, '--dry-run', ...(opts.extraArgs ?? [])];
  return new Promise((resolve) => {
    const env = { ...process.env, NO_COLOR: '1' };
    try {
      execFile(process.execPath, args, { cwd: opts.cwd, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 1024 * 1024, env }, (error, stdout, stderr) => {
        if (!error) return resolve(readPlanText(stdout));
        // A string code is Node's own (the spawn failed, or the output passed maxBuffer); killed is the time limit.
        if (typeof error.code === 'string') return resolve({ kind: 'unavailable', reason: `the dry run did not finish (${error.message})` });
        if (error.killed) return resolve({ kind: 'unavailable', reason: `the dry run did not finish (it ran longer than ${timeoutMs / 1000} s)` });
        const status = error.code ?? error.signal;
        const why = (stderr || stdout).trim().split('\n').find((l) => l.trim() !== '') ?? '';
        resolve({ kind: 'unavailable', reason: `the dry run exited with ${status}${why ? `: ${why.slice(0, 200)}` : ''}` });
      });
    } catch (e) {
      resolve({ kind: 'unavailable', reason: `the dry run did not start (${(e as Error).message})` });
    }
  });
}

/** Dry runs at once: each is a Node process busy on one core, so one per core, and at most 4. */
export const dryRunConcurrency = (): number => Math.max(1, Math.min(4, availableParallelism()));

/**
 * The dry runs of several submission files, `concurrency` at a time, in the order of `files` whatever order they
 * finish in. A dry run that fails gives its own 'unavailable' and leaves the others as they are.
 */
export function estimatePlans(files: readonly string[], opts: DryRunOptions & { concurrency?: number } = {}): Promise<PlanEstimate[]> {
  const limit = pLimit(opts.concurrency ?? dryRunConcurrency());
  return Promise.all(files.map((f) => limit(() => estimatePlan(f, opts))));
}
