import { join } from 'node:path';
import { CURRENT_SUITE_FILE } from '../../src/lib/data-paths.ts';

/**
 * The folder the runner's own data (benchmark/…) is found in: the repository root in a clone, dist-cli/ in the
 * installed package (build:cli copies the data there), whatever the current directory is.
 */
export const DATA_ROOT = join(import.meta.dirname, '..', '..');

/** The suite a run or a rejudge uses when --suite is not given: the current version. */
export const currentSuitePath = (root: string): string => join(root, CURRENT_SUITE_FILE);
