import { existsSync, mkdirSync, rmdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p` for a folder the user named (--out, --cache), one missing folder at a time. Node's recursive mkdir loops
 * forever where a folder exists but refuses children with ENOENT: a review's `--out /proc/1` spun at 90% CPU, and
 * `fs.mkdir('/proc/1/x', { recursive: true })` never settles (Node 24). Here the first refusal is thrown. Returns the
 * folders it made, outermost first (for removeMadeIfEmpty).
 */
export async function makeDirs(dir: string): Promise<string[]> {
  const made: string[] = [];
  for (const d of missingFolders(dir)) {
    const fresh = await mkdir(d).then(() => true, (e: NodeJS.ErrnoException) => (ignoreExisting(e), false));
    if (fresh) made.push(d);
  }
  return made;
}

/**
 * Undo makeDirs for a command that ends without writing: its folders removed innermost first, each only while empty
 * (a stopped run left an empty <out>/<id>/samples that `validate <out>` then called "nothing to validate"). A folder
 * that was there before is not in the list; one that something was written into stays, and so do its parents.
 */
export function removeMadeIfEmpty(made: readonly string[]): void {
  for (const d of [...made].reverse()) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
  }
}

/** makeDirs, synchronously (opening the request cache, locking a results folder). */
export function makeDirsSync(dir: string): string[] {
  const made: string[] = [];
  for (const d of missingFolders(dir)) {
    try {
      mkdirSync(d);
      made.push(d);
    } catch (e) {
      ignoreExisting(e as NodeJS.ErrnoException);
    }
  }
  return made;
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
