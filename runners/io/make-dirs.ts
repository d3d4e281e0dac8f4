import { existsSync, mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p` for a folder the user named (--out, --cache), one missing folder at a time. Node's recursive mkdir loops
 * forever where a folder exists but refuses children with ENOENT: a review's `--out /proc/1` spun at 90% CPU, and
 * `fs.mkdir('/proc/1/x', { recursive: true })` never settles (Node 24). Here the first refusal is thrown.
 */
export async function makeDirs(dir: string): Promise<void> {
  for (const d of missingFolders(dir)) await mkdir(d).catch((e: NodeJS.ErrnoException) => ignoreExisting(e));
}

/** makeDirs, synchronously (opening the request cache). */
export function makeDirsSync(dir: string): void {
  for (const d of missingFolders(dir)) {
    try {
      mkdirSync(d);
    } catch (e) {
      ignoreExisting(e as NodeJS.ErrnoException);
    }
  }
}

/** The folders of `dir` that do not exist yet, outermost first. */
function missingFolders(dir: string): string[] {
  const out: string[] = [];
  for (let p = resolve(dir); !existsSync(p); p = dirname(p)) {
    out.unshift(p);
    if (dirname(p) === p) break;
  }
  return out;
}

/** Made meanwhile by another process: fine. */
function ignoreExisting(e: NodeJS.ErrnoException): void {
  if (e.code !== 'EEXIST') throw e;
}
