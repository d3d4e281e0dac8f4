import { APPROVED_JUDGES_FILE } from '../../src/lib/data-paths.ts';
import { approvedJudgesFrom } from '../../src/lib/approved-judges-file.ts';
import type { ApprovedJudgesFile, ControlThresholds } from '../../src/lib/verified.ts';
import { benchmarkPath } from '../core/defaults.ts';
import { InputError } from '../core/errors.ts';
import { loadDocument } from '../io/load-document.ts';

export { controlsGate } from '../../src/lib/verified.ts';

/**
 * The approved-judges policy file at `path` (`name`: how messages call it); a broken one is an InputError naming the
 * file and the field, as the site build names it (src/lib/approved-judges-file.ts). calibrate and pr-report read it here.
 */
export async function readApprovedJudges(path: string, name = path): Promise<ApprovedJudgesFile> {
  const r = approvedJudgesFrom(await loadDocument(path), name);
  if (!r.ok) throw new InputError(r.message);
  return r.value;
}

/** The judge-control thresholds of the approved-judges policy file; null when the file sets none. */
export async function loadControlThresholds(file = benchmarkPath(APPROVED_JUDGES_FILE)): Promise<ControlThresholds | null> {
  return (await readApprovedJudges(file)).judge_controls ?? null;
}
