/** The probe suites (SUITES_DIR/v*.yaml) read as data at build time, by version. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { SUITES_DIR } from '../lib/data-paths.ts';
import { Suite } from '../schema/index.ts';

function read(path: string): Suite | null {
  try {
    const r = Suite.safeParse(parse(readFileSync(path, 'utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Every valid suite file of the folder, by ascending version. */
export function loadSuites(dir = SUITES_DIR): Suite[] {
  let files: string[];
  try { files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)); } catch { return []; }
  return files.map((f) => read(join(dir, f))).filter((s): s is Suite => s !== null).sort((a, b) => a.version - b.version);
}

/** The suite of a given file, or the current one (the highest version in SUITES_DIR); null when absent or invalid. */
export function loadSuite(path?: string): Suite | null {
  if (path !== undefined) return read(path);
  return loadSuites().at(-1) ?? null;
}
