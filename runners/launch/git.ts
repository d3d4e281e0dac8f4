import { execFileSync } from 'node:child_process';

/** `git <args>` in `cwd`, trimmed; null when git or the repository is not there. */
export function git(cwd: string, args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}
