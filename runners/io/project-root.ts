import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The folder whose submissions/, results/ and suites the repository-wide rules read: the nearest folder at or above
 * `cwd`, up to the top of its git work tree, that holds a submissions/ folder; else `cwd` itself. A newcomer runs
 * validate from docs/ or from the submission's own folder, as git lets them; outside a work tree nothing above is read.
 */
export function projectRoot(cwd: string): string {
  const seen: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    seen.push(dir);
    if (existsSync(join(dir, '.git'))) return seen.find((d) => isDir(join(d, 'submissions'))) ?? cwd;
    if (dirname(dir) === dir) return cwd;
  }
}
