import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleExt } from '../core/module-file.ts';

const folders = new Map<string, string>();

/**
 * A short hash of the code in the folder of the module at `metaUrl` (every source file under it, names and
 * contents): the version of a stage's code. A stored value keyed by it is not reused once that code changes,
 * whether or not anyone remembered to bump a version constant.
 */
export function codeVersion(metaUrl: string): string {
  return folderVersion(dirname(fileURLToPath(metaUrl)), moduleExt(metaUrl));
}

/** The same hash for a folder: every file under `dir` whose name ends with `ext` (.ts or .js). */
export function folderVersion(dir: string, ext: string): string {
  let v = folders.get(dir);
  if (v === undefined) {
    const h = createHash('sha256');
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(ext))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const f of files) h.update(`${relative(dir, f)}\u0000`).update(readFileSync(f)).update('\u0000');
    v = h.digest('hex').slice(0, 16);
    folders.set(dir, v);
  }
  return v;
}
