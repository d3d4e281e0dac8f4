import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatasetId, ResultSummary, Sample, Suite, formatFieldError, parseWith, type FieldError } from '../../../src/schema/index.ts';
import { loadDocument } from '../../io/load-document.ts';
import { benchmarkSuiteDatasets } from '../../io/benchmark-suites.ts';
import { samplesFileErrors, unlistedDatasetErrors } from '../../../src/lib/result-datasets.ts';
import { InputError } from '../../core/errors.ts';
import { describeCause } from '../../io/storage-error.ts';
import { sha256Hex } from '../../cache/key.ts';

export interface StoredResult {
  summary: ResultSummary;
  /** Samples per dataset, in file order. */
  samples: Map<DatasetId, Sample[]>;
  /** The sha-256 (hex) of each samples file's text as read: a large result's text is not held beside its samples. */
  sha256s: Map<DatasetId, string>;
  summaryText: string;
}

export class ResultLoadError extends InputError {
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    super(errors.map(formatFieldError).join('\n'));
    this.errors = errors;
  }
}

/** Read results/<id>/summary.json and samples/*.jsonl with the zod schemas; every problem names file and line. */
export async function loadStoredResult(dir: string): Promise<StoredResult> {
  const summaryPath = join(dir, 'summary.json');
  const doc = await loadDocumentLarge(summaryPath);
  const s = parseWith(ResultSummary, doc.data, summaryPath);
  if (!s.ok) throw new ResultLoadError(s.errors);
  const known = await benchmarkSuiteDatasets();
  const listed = unlistedDatasetErrors(s.value, known, summaryPath);
  if (listed.length > 0) throw new ResultLoadError(listed);
  const samples = new Map<DatasetId, Sample[]>();
  const sha256s = new Map<DatasetId, string>();
  const errors: FieldError[] = [];
  let files: string[] = [];
  try {
    files = (await readdir(join(dir, 'samples'))).filter((f) => f.endsWith('.jsonl')).sort();
  } catch {
    throw new ResultLoadError([{ file: join(dir, 'samples'), field: '(file)', message: 'no samples folder' }]);
  }
  for (const f of files) {
    const path = join(dir, 'samples', f);
    const ds = DatasetId.safeParse(f.replace(/\.jsonl$/, ''));
    if (!ds.success) {
      errors.push({ file: path, field: '(file)', message: 'not a dataset file name (<dataset>.jsonl)' });
      continue;
    }
    const unlisted = samplesFileErrors(known, s.value.provenance.suite_version, ds.data, path);
    if (unlisted.length > 0) {
      errors.push(...unlisted);
      continue;
    }
    const text = await readFile(path, 'utf8');
    sha256s.set(ds.data, sha256Hex(text));
    const list: Sample[] = [];
    text.split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      let data: unknown;
      try {
        data = JSON.parse(line);
      } catch (e) {
        errors.push({ file: `${path}:${i + 1}`, field: '(line)', message: `not valid JSON: ${(e as Error).message}` });
        return;
      }
      const r = parseWith(Sample, data, `${path}:${i + 1}`);
      if (r.ok) list.push(r.value);
      else errors.push(...r.errors);
    });
    samples.set(ds.data, list);
  }
  if (errors.length > 0) throw new ResultLoadError(errors);
  return { summary: s.value, samples, sha256s, summaryText: doc.text };
}

/** summary.json may exceed the 1 MiB document limit of hand-written files; it is JSON we wrote ourselves. */
async function loadDocumentLarge(path: string): Promise<{ data: unknown; text: string }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new ResultLoadError([{ file: path, field: '(file)', message: `cannot read file: ${describeCause(e)}` }]);
  }
  try {
    return { data: JSON.parse(text), text };
  } catch (e) {
    throw new ResultLoadError([{ file: path, field: '(file)', message: `invalid JSON: ${(e as Error).message}` }]);
  }
}

export async function loadSuite(path: string): Promise<Suite> {
  const doc = await loadDocument(path);
  if (!doc.ok) throw new ResultLoadError([{ file: path, field: '(file)', message: doc.message }]);
  const r = parseWith(Suite, doc.data, path);
  if (!r.ok) throw new ResultLoadError(r.errors);
  return r.value;
}
