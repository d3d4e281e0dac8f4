import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Run the runner's dry run for one submission file (a dry run plans; it sends nothing to a model). */
export function estimatePlan(submissionFile: string, opts: { cwd?: string; timeoutMs?: number; extraArgs?: string[] } = {}): PlanEstimate {
  if (!existsSync(RUN_COMMAND)) return { kind: 'unavailable', reason: 'this checkout has no `userturn run` yet' };
  const r = spawnSync(process.execPath, [CLI_MAIN, 'run', submissionFile, '--dry-run', ...(opts.extraArgs ?? [])], {
    cwd: opts.cwd,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 120_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (r.error) return { kind: 'unavailable', reason: `the dry run did not finish (${r.error.message})` };
  if (r.status !== 0) {
    const why = (r.stderr || r.stdout).trim().split('\n').find((l) => l.trim() !== '') ?? '';
    return { kind: 'unavailable', reason: `the dry run exited with ${r.status}${why ? `: ${why.slice(0, 200)}` : ''}` };
  }
  return readPlanText(r.stdout);
}
