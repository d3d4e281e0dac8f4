/** The probe suites (SUITES_DIR/v*.yaml), read and validated at build time. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Suite, formatFieldError, parseWith } from '../schema/index.ts';
import { SUITES_DIR } from '../lib/data-paths.ts';

/** One suite file; a broken one fails the build naming the file and the field. */
function readSuite(file: string): Suite {
  let data: unknown;
  try { data = parse(readFileSync(file, 'utf8')); } catch (e) { throw new Error(`${file}: (root): invalid YAML: ${(e as Error).message.split('\n')[0]}`); }
  const r = parseWith(Suite, data, file);
  if (!r.ok) throw new Error(`invalid suite file\n${r.errors.map(formatFieldError).join('\n')}`);
  return r.value;
}

/** Every suite of the folder, by ascending version. */
export function loadSuites(dir = SUITES_DIR): Suite[] {
  return readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => readSuite(join(dir, f))).sort((a, b) => a.version - b.version);
}

/** The current suite: the highest version, or null when the folder holds none. */
export const currentSuite = (dir = SUITES_DIR): Suite | null => loadSuites(dir).at(-1) ?? null;
