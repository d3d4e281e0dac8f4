/** The probe suites (SUITES_DIR/v<N>.yaml), read and validated at build time. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Suite, formatFieldError, parseWith } from '../schema/index.ts';
import { SUITES_DIR, currentSuiteName, suiteNameMismatch, suiteVersionOfName } from '../lib/data-paths.ts';
import { benchmarkFile } from './paths.ts';
import { DataFileError } from './data-file-error.ts';

/** One suite file; a broken one, or one whose name is not v<its version>.yaml, fails the build naming the file and the field. */
function readSuite(dir: string, name: string): Suite {
  const file = join(dir, name);
  let data: unknown;
  try { data = parse(readFileSync(file, 'utf8')); } catch (e) { throw new DataFileError(`${file}: (root): invalid YAML: ${(e as Error).message.split('\n')[0]}`); }
  const r = parseWith(Suite, data, file);
  if (!r.ok) throw new DataFileError(`invalid suite file\n${r.errors.map(formatFieldError).join('\n')}`);
  const misnamed = suiteNameMismatch(name, r.value.version);
  if (misnamed) throw new DataFileError(`invalid suite file\n${file}: version: ${misnamed}`);
  return r.value;
}

/** Every suite of the folder (files named v<N>.yaml), by ascending version. */
export function loadSuites(dir = benchmarkFile(SUITES_DIR)): Suite[] {
  return readdirSync(dir)
    .map((f) => ({ f, v: suiteVersionOfName(f) }))
    .filter((x): x is { f: string; v: number } => x.v !== null)
    .sort((a, b) => a.v - b.v)
    .map(({ f }) => readSuite(dir, f));
}

/** The current suite: the highest v<N>.yaml (the rule runner and validate use too), or null when there is none. */
export function currentSuite(dir = benchmarkFile(SUITES_DIR)): Suite | null {
  const name = currentSuiteName(readdirSync(dir));
  return name === null ? null : readSuite(dir, name);
}
