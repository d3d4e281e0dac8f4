import { join } from 'node:path';
import { CURRENT_SUITE_FILE } from '../../src/lib/data-paths.ts';

/** The suite a run or a rejudge uses when --suite is not given: the current version. */
export const currentSuitePath = (root: string): string => join(root, CURRENT_SUITE_FILE);
