import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** The runner's git commit and whether the tree had local changes; nulls outside a git checkout. */
export function runnerGit(root: string): { commit: string | null; dirty: boolean | null } {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const status = execFileSync('git', ['status', '--porcelain', '--', 'runners', 'src/lib', 'src/schema', 'package-lock.json'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { commit, dirty: status.trim() !== '' };
  } catch {
    return { commit: null, dirty: null };
  }
}

const TRACKED = ['openai', '@huggingface/jinja', 'zod', 'p-limit', 'yaml'];

/** Versions of the packages that can change what is sent or computed, plus Node itself. */
export function packageVersions(root: string): Record<string, string> {
  const req = createRequire(join(root, 'package.json'));
  const out: Record<string, string> = { node: process.versions.node };
  for (const name of TRACKED) {
    try {
      const pkgPath = join(root, 'node_modules', name, 'package.json');
      out[name] = (JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string }).version;
    } catch {
      try {
        out[name] = (req(`${name}/package.json`) as { version: string }).version;
      } catch {
        out[name] = 'unknown';
      }
    }
  }
  return out;
}
