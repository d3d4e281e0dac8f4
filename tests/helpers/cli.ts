import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../runners/cli/main.ts', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Run the real `userturn` CLI in a child process on the same Node as the tests. */
export function runCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): CliResult {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [MAIN, ...args], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...process.env, ...opts.env },
    input: opts.input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, ms: performance.now() - t0 };
}
