import { execFileSync } from 'node:child_process';

/** `git <args>` in `cwd`, trimmed; null when git or the repository is not there. */
function git(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/** Defaults for --repo-url and --commit (Kubernetes pods clone the repository): origin's URL and HEAD. */
export function gitDefaults(cwd: string): { repoUrl: string | null; commit: string | null } {
  return { repoUrl: git(cwd, ['remote', 'get-url', 'origin']), commit: git(cwd, ['rev-parse', 'HEAD']) };
}
