import { readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { BENCHMARK_DIR_ENV, SUITES_DIR, currentSuiteName, inBenchmarkDir } from '../../src/lib/data-paths.ts';
import { InputError } from './errors.ts';

/**
 * The folder the runner's own data (benchmark/…) is found in: the repository root in a clone, dist-cli/ in the
 * installed package (build:cli copies the data there), whatever the current directory is.
 */
export const DATA_ROOT = join(import.meta.dirname, '..', '..');

/** The runner's own cache folder (request cache, downloaded templates, compiled code): USERTURN_CACHE_DIR, else ~/.cache/userturn. */
export function defaultCacheRoot(): string {
  return process.env.USERTURN_CACHE_DIR ?? join(homedir(), '.cache', 'userturn');
}

/** Where a benchmark path of src/lib/data-paths.ts (`benchmark/…`) is read: below USERTURN_BENCHMARK_DIR when set. */
export function benchmarkPath(path: string): string {
  const dir = process.env[BENCHMARK_DIR_ENV];
  return dir ? resolve(inBenchmarkDir(path, dir)) : join(DATA_ROOT, path);
}

/** The suite a run, a rejudge, doctor or calibrate uses when --suite is not given: the highest v<N>.yaml. */
export function currentSuitePath(): string {
  const dir = benchmarkPath(SUITES_DIR);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw new InputError(`${dir}: (file): cannot read the suites folder: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const name = currentSuiteName(names);
  if (name === null) throw new InputError(`${dir}: (file): no suite file (v<N>.yaml)`);
  return join(dir, name);
}

/** How help texts name the default suite (the path is only known once the folder is read). */
export const CURRENT_SUITE_HELP = `the highest ${SUITES_DIR}/v<N>.yaml`;
