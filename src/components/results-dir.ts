import { resolve } from 'node:path';

/** The results folder the site is built from: USERTURN_RESULTS_DIR, default results/ (build time only). */
export const resultsDir = (): string => resolve(process.env.USERTURN_RESULTS_DIR || 'results');
