import { join } from 'node:path';

/** The suite a run or a rejudge uses when --suite is not given: the current version. */
export const currentSuitePath = (root: string): string => join(root, 'runners', 'suites', 'v2.yaml');
