import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { loadDocument } from '../io/load-document.ts';
import { benchmarkPath } from '../core/defaults.ts';
import { CalibrationReport, ResultSummary, Suite, parseWith, type ResultSummary as Summary } from '../../src/schema/index.ts';
import { APPROVED_JUDGES_FILE, BENCHMARK_DIR_ENV, SUITES_DIR } from '../../src/lib/data-paths.ts';
import { readApprovedJudges } from './control-thresholds.ts';
import { policyFrom, verifyResult, type SuiteItems, type VerifiedPolicy, type VerifiedResult } from '../../src/lib/verified.ts';

/**
 * A benchmark path (`benchmark/…`) of the checked repository, read where the site build reads it: below
 * USERTURN_BENCHMARK_DIR when set. `name` is how messages call it: the build's name for it (`benchmark/…` or the folder's path).
 */
function benchmarkFileOf(root: string, path: string): { path: string; name: string } {
  if (process.env[BENCHMARK_DIR_ENV]) return { path: benchmarkPath(path), name: benchmarkPath(path) };
  return { path: join(root, path), name: path };
}

/** The verified policy from the repository's data: suite files (current version) and the approved judges. */
export async function loadVerifiedPolicy(root: string): Promise<VerifiedPolicy> {
  const suites: SuiteItems[] = [];
  const dir = benchmarkFileOf(root, SUITES_DIR).path;
  for (const f of (await readdir(dir)).filter((x) => /\.ya?ml$/.test(x))) {
    // A broken suite file (possibly from the pull request) is validate's to report; here it is just not a suite.
    const doc = await loadDocument(join(dir, f));
    const r = doc.ok ? parseWith(Suite, doc.data, f) : null;
    if (r?.ok) suites.push({ id: r.value.id, version: r.value.version, datasets: r.value.datasets });
  }
  const judges = benchmarkFileOf(root, APPROVED_JUDGES_FILE);
  return policyFrom(suites, await readApprovedJudges(judges.path, judges.name), await loadCalibration(root));
}

/** results/calibration.json when present and valid: the judges' figures on the controls (validate reports a bad one). */
async function loadCalibration(root: string): Promise<CalibrationReport | null> {
  let text: string;
  try {
    text = await readFile(join(root, 'results', 'calibration.json'), 'utf8');
  } catch {
    return null;
  }
  try {
    const r = parseWith(CalibrationReport, JSON.parse(text), 'results/calibration.json');
    return r.ok ? r.value : null;
  } catch {
    return null;
  }
}

export interface ResultCheck {
  file: string;
  summary: Pick<Summary, 'submission' | 'provenance'>;
  verified: VerifiedResult;
}

/** For each valid summary.json among the checked files: what the site will show about it. */
export async function checkResults(files: string[], root: string): Promise<ResultCheck[]> {
  const summaries = files.filter((f) => f.endsWith('/summary.json'));
  if (summaries.length === 0) return [];
  const policy = await loadVerifiedPolicy(root);
  const out: ResultCheck[] = [];
  for (const file of summaries) {
    const r = parseWith(ResultSummary, JSON.parse(await readFile(join(root, file), 'utf8')), file);
    if (r.ok) out.push({ file, summary: r.value, verified: verifyResult(r.value, policy) });
  }
  return out;
}
