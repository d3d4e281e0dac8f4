/**
 * Where the site's build-time data lives, in one place (never shipped to the browser). Paths are relative to the
 * project root, where the build runs.
 */
import { resolve } from 'node:path';

/** The results folder the site is built from: USERTURN_RESULTS_DIR, default results/. */
export const resultsDir = (): string => resolve(process.env.USERTURN_RESULTS_DIR || 'results');

/** The probe suites, one YAML file per version. */
export const SUITES_DIR = 'runners/suites';

/** Reviewed data that decides which judges can make a result verified (CODEOWNERS guards it). */
export const APPROVED_JUDGES = 'runners/community/approved-judges.yaml';
