/**
 * Where the site's build-time results live (never shipped to the browser). The benchmark's data files (suites,
 * policy, taxonomy) are named once in src/lib/data-paths.ts, which the runner reads too.
 */
import { resolve } from 'node:path';

/** The results folder the site is built from: USERTURN_RESULTS_DIR, default results/. */
export const resultsDir = (): string => resolve(process.env.USERTURN_RESULTS_DIR || 'results');
