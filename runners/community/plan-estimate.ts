import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What a submission will cost to run, taken from the runner's own dry run (`userturn run --dry-run --json`),
 * so the numbers in the PR comment are the runner's, never a second estimate that could drift from it.
 */
export type PlanEstimate =
  | { kind: 'estimate'; requests: number; tokens: number | null; items: number | null; source: string }
  | { kind: 'unavailable'; reason: string };

const CLI_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'main.ts');
const RUN_COMMAND = join(dirname(fileURLToPath(import.meta.url)), '..', 'cli', 'commands', 'run.ts');

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** Pick request / token / item counts out of the dry-run JSON, accepting the few shapes a plan may take. */
export function readPlanJson(data: unknown): PlanEstimate {
  if (typeof data !== 'object' || data === null) return { kind: 'unavailable', reason: 'the dry run printed no JSON object' };
  const d = data as Record<string, unknown>;
  const totals = (typeof d.totals === 'object' && d.totals !== null ? d.totals : typeof d.estimate === 'object' && d.estimate !== null ? d.estimate : d) as Record<string, unknown>;
  const requests = num(totals.requests) ?? num(totals.estimated_requests) ?? num(totals.total_requests) ?? num(d.requests);
  if (requests === null) return { kind: 'unavailable', reason: 'the dry run did not report a request count' };
  const tokens =
    num(totals.tokens) ??
    num(totals.estimated_tokens) ??
    num(totals.total_tokens) ??
    (num(totals.prompt_tokens) !== null || num(totals.max_completion_tokens) !== null || num(totals.completion_tokens) !== null
      ? (num(totals.prompt_tokens) ?? 0) + (num(totals.max_completion_tokens) ?? num(totals.completion_tokens) ?? 0)
      : null);
  const items = num(totals.items) ?? num(d.items) ?? num(totals.n_items);
  return { kind: 'estimate', requests, tokens, items, source: 'runner dry run' };
}

/** Run the runner's dry run for one submission file (no network: a dry run plans, it does not send). */
export function estimatePlan(submissionFile: string, opts: { cwd?: string; timeoutMs?: number; extraArgs?: string[] } = {}): PlanEstimate {
  if (!existsSync(RUN_COMMAND)) return { kind: 'unavailable', reason: 'this checkout has no `userturn run` yet' };
  const r = spawnSync(process.execPath, [CLI_MAIN, 'run', submissionFile, '--dry-run', '--json', ...(opts.extraArgs ?? [])], {
    cwd: opts.cwd,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  if (r.error) return { kind: 'unavailable', reason: `the dry run failed to start (${r.error.message})` };
  if (r.status !== 0) {
    const why = (r.stderr || r.stdout).trim().split('\n').at(-1) ?? '';
    return { kind: 'unavailable', reason: `the dry run exited with ${r.status}${why ? `: ${why}` : ''}` };
  }
  const text = r.stdout.trim();
  const start = text.indexOf('{');
  if (start < 0) return { kind: 'unavailable', reason: 'the dry run printed no JSON' };
  try {
    return readPlanJson(JSON.parse(text.slice(start)));
  } catch {
    return { kind: 'unavailable', reason: 'the dry run printed invalid JSON' };
  }
}
