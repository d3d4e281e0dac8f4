/** The probe suite (runners/suites/v2.yaml, the current version) read as data at build time; null when absent or invalid. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { Suite } from '../schema/index.ts';

export function loadSuite(path = 'runners/suites/v2.yaml'): Suite | null {
  try {
    const r = Suite.safeParse(parse(readFileSync(path, 'utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
