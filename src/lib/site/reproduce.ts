/**
 * The command that reproduces a result (pure): the committed submission file and the suite file the result ran,
 * as repository paths. Without either file there is no command (never a placeholder path), only why not.
 */
import { isAbsolute, relative } from 'node:path';
import { SUITES_DIR } from '../data-paths.ts';

export interface Reproduce { command: string | null; missing: string | null }

/** Paths are made relative to the repository root so the command runs from a clone. */
export function reproduceCommand(o: { submissionPath: string | null; suitePath: string | null; root: string; id: string; suiteVersion: number }): Reproduce {
  const rel = (p: string) => (isAbsolute(p) ? relative(o.root, p) : p).split('\\').join('/');
  if (!o.submissionPath) return { command: null, missing: `No submission file for ${o.id} is committed in submissions/, so there is no command to reproduce it from this repository.` };
  if (!o.suitePath) return { command: null, missing: `The suite file of v${o.suiteVersion} is not in ${SUITES_DIR}/, so this result cannot be rerun from this repository.` };
  return { command: `npx userturn run ${rel(o.submissionPath)} --suite ${rel(o.suitePath)} --base-url http://HOST:8000/v1 --out results/`, missing: null };
}
