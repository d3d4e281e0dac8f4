import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { APPROVED_JUDGES_FILE } from '../../src/lib/data-paths.ts';
import { benchmarkPath } from '../core/defaults.ts';
import { ApprovedJudgesFile, type ControlThresholds } from '../../src/lib/verified.ts';

export { controlsGate } from '../../src/lib/verified.ts';

/** The judge-control thresholds of the approved-judges policy file; null when the file sets none. */
export function loadControlThresholds(file = benchmarkPath(APPROVED_JUDGES_FILE)): ControlThresholds | null {
  const r = ApprovedJudgesFile.safeParse(parse(readFileSync(file, 'utf8')));
  if (!r.success) throw new Error(`${file}: ${r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
  return r.data.judge_controls ?? null;
}
