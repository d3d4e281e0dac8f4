/** Build-time reader of <results>/calibration/human-*.json (written by `userturn calibrate --human`). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HumanAgreementReport } from '../schema/annotation.ts';
import { formatFieldError, parseWith } from '../schema/errors.ts';
import { resultsDir } from './paths.ts';
import { DataFileError } from './data-file-error.ts';

/** Every human-agreement report, newest annotation first; a broken file fails the build naming file and field. */
export function loadHumanAgreement(dir: string = resultsDir()): HumanAgreementReport[] {
  const cdir = join(dir, 'calibration');
  if (!existsSync(cdir)) return [];
  const out: HumanAgreementReport[] = [];
  for (const f of readdirSync(cdir).filter((x) => /^human-.+\.json$/.test(x)).sort()) {
    const abs = join(cdir, f);
    const file = relative(process.cwd(), abs) || abs;
    let data: unknown;
    try { data = JSON.parse(readFileSync(abs, 'utf8')); } catch (e) { throw new DataFileError(`${file}: (root): invalid JSON: ${(e as Error).message}`); }
    const r = parseWith(HumanAgreementReport, data, file);
    if (!r.ok) throw new DataFileError(`invalid human agreement report\n${r.errors.map(formatFieldError).join('\n')}`);
    out.push(r.value);
  }
  return out.sort((a, b) => b.date.localeCompare(a.date) || a.batch.sha256.localeCompare(b.batch.sha256));
}
