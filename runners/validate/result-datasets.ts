import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { samplesFileErrors, suiteDatasets, unlistedDatasetErrors } from '../../src/lib/result-datasets.ts';
import { ResultSummary, type FieldError } from '../../src/schema/index.ts';
import { readBenchmarkSuites } from '../io/benchmark-suites.ts';

/** A validated summary.json, or a samples file (`<result dir>/samples/<dataset>.jsonl`), as the files were shown. */
export interface CheckedSummary { display: string; dir: string; value: ResultSummary }
export interface CheckedSamples { display: string; dir: string; dataset: string }

/** The summary of a result folder the run did not validate (a samples file named alone), when it parses. */
async function siblingSummary(dir: string): Promise<ResultSummary | null> {
  try {
    const r = ResultSummary.safeParse(JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/**
 * Cross-file rule for results: every dataset a summary or a samples file name gives must be listed by the suite
 * version the result ran (the suites of the benchmark folder). Samples files are checked against their folder's
 * summary; without a readable one, against every suite.
 */
export async function resultDatasetErrors(summaries: readonly CheckedSummary[], samples: readonly CheckedSamples[]): Promise<FieldError[]> {
  if (summaries.length === 0 && samples.length === 0) return [];
  const { suites } = await readBenchmarkSuites(); // a broken suite file is reported when the suites are validated
  const known = suiteDatasets(suites);
  const errors: FieldError[] = [];
  const byDir = new Map(summaries.map((s) => [s.dir, s.value]));
  for (const s of summaries) errors.push(...unlistedDatasetErrors(s.value, known, s.display));
  for (const f of samples) {
    const summary = byDir.get(f.dir) ?? (await siblingSummary(f.dir));
    errors.push(...samplesFileErrors(known, summary?.provenance.suite_version ?? null, f.dataset, f.display));
  }
  return errors;
}

/** The result folder of a samples file: results/<id>/samples/<dataset>.jsonl → results/<id>. */
export const resultDirOf = (samplesFile: string): string => dirname(dirname(samplesFile));
export const datasetOfFile = (samplesFile: string): string => basename(samplesFile, '.jsonl');
