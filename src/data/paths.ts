/**
 * Where the site's build-time results live (never shipped to the browser). The benchmark's data files (suites,
 * policy, taxonomy) are named once in src/lib/data-paths.ts, which the runner reads too.
 */
import { resolve } from 'node:path';
import { BENCHMARK_DIR_ENV, inBenchmarkDir } from '../lib/data-paths.ts';

/** The results folder the site is built from: USERTURN_RESULTS_DIR, default results/. */
export const resultsDir = (): string => resolve(process.env.USERTURN_RESULTS_DIR || 'results');

/** Where the build reads a benchmark path of src/lib/data-paths.ts (`benchmark/…`): below USERTURN_BENCHMARK_DIR when set. */
export function benchmarkFile(path: string): string {
  const dir = process.env[BENCHMARK_DIR_ENV];
  return dir ? resolve(inBenchmarkDir(path, dir)) : path;
}
