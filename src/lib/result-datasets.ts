/**
 * Dataset ids are open slugs whose list is the suite's, so a result could name any id: this is the check the
 * closed enum used to give. A result may name only datasets its suite version lists, in its summary and in the
 * names of its samples files. validate, the site build, merge, rejudge and export all apply it.
 */
import { formatPath, type FieldError, type ResultSummary, type Suite } from '../schema/index.ts';
import { SUITES_DIR } from './data-paths.ts';

/** The dataset ids of every known suite version. */
export type SuiteDatasets = ReadonlyMap<number, readonly string[]>;

export const suiteDatasets = (suites: ReadonlyArray<Pick<Suite, 'version' | 'datasets'>>): SuiteDatasets =>
  new Map(suites.map((s) => [s.version, s.datasets.map((d) => d.id)]));

/** A samples file of a result, by the dataset its name gives (`<dataset>.jsonl`). */
export interface SamplesFile { dataset: string; file: string }

/** A dataset id as a result names it: where (file, field). */
export interface NamedDataset { id: string; file: string; field: string }

/** The named datasets suite `version` does not list, or one error on the version itself when it is unknown. */
export function unlistedIn(known: SuiteDatasets, version: number, named: readonly NamedDataset[], versionFile: string): FieldError[] {
  const listed = known.get(version);
  if (!listed) {
    const have = [...known.keys()].map((v) => `v${v}`).join(', ') || 'none';
    return [{ file: versionFile, field: 'provenance.suite_version', message: `suite v${version} is not one of the suites of ${SUITES_DIR}/ (${have}), so the datasets of this result cannot be checked` }];
  }
  return named
    .filter((n) => !listed.includes(n.id))
    .map((n) => ({ file: n.file, field: n.field, message: `"${n.id}" is not a dataset of suite v${version} (${listed.join(', ')})` }));
}

/** Every dataset a result's summary (and its samples files, by name) names that its suite version does not list. */
export function unlistedDatasetErrors(
  summary: Pick<ResultSummary, 'datasets' | 'provenance'>,
  known: SuiteDatasets,
  file: string,
  samplesFiles: readonly SamplesFile[] = [],
): FieldError[] {
  return unlistedIn(known, summary.provenance.suite_version, [
    ...summary.datasets.map((d, i) => ({ id: d.dataset, file, field: formatPath(['datasets', i, 'dataset']) })),
    ...summary.provenance.datasets.map((d, i) => ({ id: d.id, file, field: formatPath(['provenance', 'datasets', i, 'id']) })),
    ...samplesFiles.map((f) => ({ id: f.dataset, file: f.file, field: '(file)' })),
  ], file);
}

/**
 * The dataset a samples file's name gives, against its result's suite version; against every suite when the
 * summary could not be read (`version` null). An unknown version is the summary's error, reported there.
 */
export function samplesFileErrors(known: SuiteDatasets, version: number | null, dataset: string, file: string, field = '(file)'): FieldError[] {
  if (version !== null) return known.has(version) ? unlistedIn(known, version, [{ id: dataset, file, field }], file) : [];
  if ([...known.values()].some((ids) => ids.includes(dataset))) return [];
  return [{ file, field, message: `"${dataset}" is not a dataset of any suite (${[...known.keys()].map((v) => `v${v}`).join(', ')})` }];
}
