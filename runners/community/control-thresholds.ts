import { APPROVED_JUDGES_FILE } from '../../src/lib/data-paths.ts';
import { approvedJudgesFrom } from '../../src/lib/approved-judges-file.ts';
import type { ControlThresholds } from '../../src/lib/verified.ts';
import { benchmarkPath } from '../core/defaults.ts';
import { InputError } from '../core/errors.ts';
import { loadDocument } from '../io/load-document.ts';

export { controlsGate } from '../../src/lib/verified.ts';

/**
 * The judge-control thresholds of the approved-judges policy file; null when the file sets none. A broken file is an
 * InputError naming the file and the field, read as the site build and pr-report read it.
 */
export async function loadControlThresholds(file = benchmarkPath(APPROVED_JUDGES_FILE)): Promise<ControlThresholds | null> {
  const r = approvedJudgesFrom(await loadDocument(file), file);
  if (!r.ok) throw new InputError(r.message);
  return r.value.judge_controls ?? null;
}
