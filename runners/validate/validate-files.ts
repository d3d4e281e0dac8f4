import { existsSync } from 'node:fs';
import { submissionPolicyErrors } from './submission-policy.ts';
import { unpinnedRevisionNote } from './unpinned-revision.ts';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { CalibrationReport, ResultSummary, Slug, Submission, Suite, WINDOWS_RESERVED_NAME, parseWith, type FieldError } from '../../src/schema/index.ts';
import { loadDocument } from '../io/load-document.ts';
import { linkOnPath, linkProblem } from '../io/links.ts';
import { classify, submissionPathParts, type FileKind } from './classify.ts';
import { HumanAgreementReport } from '../../src/schema/annotation.ts';
import { crossFileErrors, repositorySubmissions, type LoadedSubmission } from './cross-file.ts';
import { identityDifferences, summarySubmissionErrors } from '../../src/lib/summary-submission.ts';
import { summarySamplesErrors } from './summary-samples.ts';
import { datasetErrors } from './dataset-checks.ts';
import { datasetsReadOnce } from './datasets-read-once.ts';
import type { CountedSample } from '../../src/lib/summary-tally.ts';
import { datasetOfFile, resultDatasetErrors, resultDirOf, type CheckedSamples, type CheckedSummary } from './result-datasets.ts';
import { COMMIT_JOURNAL, suiteNameMismatch, UNFINISHED_COMMIT } from '../../src/lib/data-paths.ts';
import { readBenchmarkSuites } from '../io/benchmark-suites.ts';
import { downloadOnlyDatasets, type RecheckOptions } from './verdict-recheck.ts';
import { validateSamplesFile } from './samples-file.ts';

export interface ValidationReport {
  errors: FieldError[];
  /** What validate could not check, file by file (verdicts it cannot re-judge): said, never an error. */
  notes: FieldError[];
  filesChecked: number;
  /** How many problems were found: `errors`, where a samples file's closing line stands for the problems it counts. */
  problems: number;
  submissions: LoadedSubmission[];
}

/** Every file validate looks at below a directory, in a stable order. */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(p)));
    // A link is listed too, to be refused (validatePaths): skipped, a linked samples file passed unread. A linked
    // folder (a review's samples/ pointing elsewhere) is refused the same way.
    else if ((entry.isFile() || entry.isSymbolicLink()) && /\.(ya?ml|json|jsonl)$/.test(entry.name)) out.push(p);
    else if (entry.isSymbolicLink() && (await stat(p).then((st) => st.isDirectory(), () => false))) out.push(p);
  }
  return out;
}

/** Expand directories into files; missing paths are usage errors reported by the caller. */
export async function expandPaths(paths: string[]): Promise<{ files: string[]; missing: string[] }> {
  const files: string[] = [];
  const missing: string[] = [];
  for (const p of paths) {
    try {
      const st = await stat(p);
      if (st.isDirectory()) files.push(...(await walk(p)));
      else files.push(p);
    } catch {
      missing.push(p);
    }
  }
  return { files: [...new Set(files)], missing };
}

/**
 * A samples file is validated with its folder's summary.json: the summary's figures are read against it. A pull
 * request that only edited or deleted sample lines validated clean file by file (validate.yml validates the changed
 * files), and the site build of main failed after the merge.
 */
function withSiblingSummaries(files: string[]): string[] {
  const have = new Set(files.map((f) => resolve(f)));
  const out = [...files];
  for (const f of files) {
    if (!(f.endsWith('.jsonl') && basename(dirname(f)) === 'samples')) continue;
    const summary = join(resultDirOf(f), 'summary.json');
    if (!have.has(resolve(summary)) && existsSync(summary)) {
      have.add(resolve(summary));
      out.push(summary);
    }
  }
  return out;
}

/**
 * The format of a file by its content: for files outside submissions/, the suites folder and results/. A file named
 * on the command line that cannot be read is reported under the format its extension suggests; one found in a folder
 * is then not a userturn file (`named` false).
 */
async function classifyByContent(file: string, named = true): Promise<FileKind> {
  if (file.endsWith('.jsonl')) return named ? 'samples' : 'unknown';
  const loaded = await loadDocument(file);
  if (!loaded.ok || !loaded.data || typeof loaded.data !== 'object' || Array.isArray(loaded.data)) return !named ? 'unknown' : /\.ya?ml$/.test(file) ? 'submission' : /\.json$/.test(file) ? 'summary' : 'unknown';
  const d = loaded.data as Record<string, unknown>;
  if ('hf' in d && 'serving' in d) return 'submission';
  if ('conditions' in d && 'datasets' in d && 'version' in d) return 'suite';
  if ('submission' in d && 'datasets' in d && 'provenance' in d) return 'summary';
  if ('judges' in d && 'taxonomy_version' in d) return 'calibration';
  return 'unknown';
}

/**
 * Validate files (or directories) of any userturn format. Cross-file rules for submissions also look at
 * every submission under `<root>/submissions`, so a pull request that duplicates an existing model fails.
 * `options` are re-judging's (verdict-recheck.ts): tests give a shorter deadline.
 */
export async function validatePaths(paths: string[], root: string, options: RecheckOptions = {}): Promise<ValidationReport & { missing: string[] }> {
  const expanded = await expandPaths(paths);
  const files = withSiblingSummaries(expanded.files);
  const { missing } = expanded;
  // Named, or the summary of a samples file named: classified by content outside the known folders.
  const explicit = new Set([...paths, ...files.slice(expanded.files.length)]);
  const errors: FieldError[] = [];
  const notes: FieldError[] = [];
  const submissions: LoadedSubmission[] = [];
  const summaries: CheckedSummary[] = [];
  const samplesFiles: CheckedSamples[] = [];
  // Each samples file is read once: its rules and the counts its summary is read against come from the same pass.
  const countedByFile = new Map<string, CountedSample[]>();
  let downloadOnly: Promise<ReadonlySet<string>> | undefined;
  const datasets = datasetsReadOnce();
  let filesChecked = 0;
  // Problems counted in a samples file's closing line beyond the one line that says so.
  let unlisted = 0;
  for (const file of files) {
    const rel = relative(root, resolve(file)) || file;
    const display = rel.startsWith('..') ? file : rel;
    // A link is never read, nor a file in a linked folder: in a pull request it could show any file of the machine in
    // the errors (a review's pointed at /etc/passwd, and the start of each of its lines was printed).
    const link = linkProblem(file, root);
    if (link) {
      errors.push({ file: display, field: '(file)', message: link });
      filesChecked++;
      continue;
    }
    let kind = classify(display);
    // A file named on the command line outside the known folders is classified by its content (or refused). One
    // found in a named folder is too, and skipped when it is no userturn file: a newcomer's `validate mysubs` with a
    // submission in it said "nothing to validate".
    if (kind === 'unknown') {
      const sniffed = await classifyByContent(file, explicit.has(file));
      if (sniffed === 'unknown' && explicit.has(file)) {
        errors.push({ file: display, field: '(file)', message: 'not a userturn file: expected a submission (YAML with id, hf, serving), a suite, a summary.json, a samples .jsonl or a calibration.json' });
        filesChecked++;
        continue;
      }
      kind = sniffed;
    }
    if (kind === 'json-schema' || kind === 'unknown') continue;
    filesChecked++;
    if (kind === 'samples') {
      // Samples are published with the summary that counts them (a review published a folder of samples alone).
      if (basename(dirname(file)) === 'samples' && !existsSync(join(resultDirOf(file), 'summary.json'))) {
        errors.push({ file: display, field: '(file)', message: 'its result folder has no summary.json: samples are published only with the summary their figures are read against' });
      }
      const counted: CountedSample[] = [];
      const checked = await validateSamplesFile(file, display, counted, await (downloadOnly ??= downloadOnlyDatasets()), datasets, options);
      errors.push(...checked.errors);
      unlisted += checked.problems - checked.errors.length;
      if (checked.note) notes.push(checked.note);
      countedByFile.set(resolve(file), counted);
      samplesFiles.push({ display, dir: resolve(resultDirOf(file)), dataset: datasetOfFile(file) });
      continue;
    }
    const loaded = await loadDocument(file);
    if (!loaded.ok) {
      errors.push({ file: display, field: '(file)', message: loaded.message });
      continue;
    }
    if (kind === 'human-agreement') {
      const r = parseWith(HumanAgreementReport, loaded.data, display);
      if (!r.ok) errors.push(...r.errors);
    } else if (kind === 'suite') {
      const r = parseWith(Suite, loaded.data, display);
      // The current suite is found by file name (src/lib/data-paths.ts): in a suites folder the name must say the version.
      const misnamed = r.ok && classify(display) === 'suite' ? suiteNameMismatch(basename(file), r.value.version) : null;
      if (!r.ok) errors.push(...r.errors);
      else if (misnamed) errors.push({ file: display, field: 'version', message: misnamed });
    } else if (kind === 'calibration') {
      const r = parseWith(CalibrationReport, loaded.data, display);
      if (!r.ok) errors.push(...r.errors);
    } else if (kind === 'summary') {
      const r = parseWith(ResultSummary, loaded.data, display);
      if (existsSync(join(dirname(file), COMMIT_JOURNAL))) errors.push({ file: display, field: '(file)', message: UNFINISHED_COMMIT });
      else if (!r.ok) errors.push(...r.errors);
      else if (r.value.submission.id !== basename(dirname(file))) {
        errors.push({ file: display, field: 'submission.id', message: `is "${r.value.submission.id}" but the folder is results/${basename(dirname(file))}/` });
      } else summaries.push({ display, dir: resolve(dirname(file)), value: r.value });
    } else {
      const r = parseWith(Submission, loaded.data, display);
      if (!r.ok) {
        errors.push(...r.errors);
        continue;
      }
      const parts = submissionPathParts(display);
      if (!parts) errors.push({ file: display, field: 'id', message: 'submission files must live at submissions/<org>/<id>.yaml' });
      // The probe workflow takes submissions/<slug>/<id>.yaml only (community/probe-plan.ts): "A B", "Acme" or "-rf"
      // passed validate and could then never be run.
      else if (!Slug.safeParse(parts.org).success) errors.push({ file: display, field: '(path)', message: `the folder "${parts.org}" must be lowercase letters, digits, ".", "_" or "-", starting with a letter or digit (submissions/<org>/<id>.yaml)` });
      else if (WINDOWS_RESERVED_NAME.test(parts.org.split('.')[0]!)) errors.push({ file: display, field: '(path)', message: `the folder "${parts.org}" is a name Windows reserves for a device` });
      else if (parts.id !== r.value.id) errors.push({ file: display, field: 'id', message: `is "${r.value.id}" but the file name says "${parts.id}" (expected submissions/${parts.org}/${r.value.id}.yaml)` });
      errors.push(...submissionPolicyErrors(r.value, display, root));
      errors.push(...(await staleResultErrors(display, r.value, root)));
      const unpinned = unpinnedRevisionNote(display, r.value);
      if (unpinned) notes.push(unpinned);
      submissions.push({ file: display, path: resolve(file), value: r.value });
    }
  }
  if (submissions.length > 0) errors.push(...(await crossFileErrors(submissions, root)));
  errors.push(...(await resultDatasetErrors(summaries, samplesFiles)));
  const { suites } = summaries.length > 0 ? await readBenchmarkSuites() : { suites: [] };
  const committed = summaries.length > 0 ? await repositorySubmissions(root) : [];
  for (const s of summaries) {
    errors.push(...summarySubmissionErrors(s.display, s.value, [...submissions, ...committed]));
    const suite = suites.find((x) => x.version === s.value.provenance.suite_version);
    errors.push(...(await summarySamplesErrors(s.display, s.dir, s.value, suite, (f) => countedByFile.get(resolve(f)))));
    if (suite) errors.push(...(await datasetErrors(s.display, s.dir, s.value, suite, process.env.USERTURN_DATA_DIR, datasets)));
  }
  return { errors, notes, filesChecked, problems: errors.length + unlisted, submissions, missing };
}

/**
 * A submission changed while its result is published (results/<id>/summary.json names the model as the submission
 * did): the pull request must bring the result along (a rerun, or the summary's identity fields edited to match),
 * or the site build of main would refuse it after the merge.
 */
async function staleResultErrors(display: string, submission: Submission, root: string): Promise<FieldError[]> {
  const file = join(root, 'results', submission.id, 'summary.json');
  if (!existsSync(file) || linkOnPath(file, root)) return [];
  const loaded = await loadDocument(file);
  const r = loaded.ok ? ResultSummary.safeParse(loaded.data) : null;
  if (!r?.success) return []; // the summary's own errors, when it is validated
  const shown = relative(root, file);
  return identityDifferences(r.data, submission).map((d) => ({ file: display, field: d.field, message: `is ${JSON.stringify(d.submitted)}, but the published ${shown} says ${JSON.stringify(d.published)}: rerun the model in this pull request, or bring that summary's identity along` }));
}
