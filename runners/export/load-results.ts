import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonlLines, MAX_JSONL_LINE_CHARS } from '../../src/lib/io/jsonl.ts';
import { DatasetId, ResultSummary, Sample, formatFieldError, parseWith, type FieldError } from '../../src/schema/index.ts';
import { InputError } from '../core/errors.ts';
import { benchmarkSuiteDatasets } from '../io/benchmark-suites.ts';
import { describeCause } from '../io/storage-error.ts';
import { unlistedDatasetErrors } from '../../src/lib/result-datasets.ts';

/** Bad input to export: every message names the file (and line) and the field. */
export class ExportInputError extends InputError {}

export interface ExportSource {
  dir: string;
  summary: ResultSummary;
}

const fail = (errors: FieldError[]): never => {
  throw new ExportInputError(errors.map(formatFieldError).join('\n'));
};

async function readSummary(dir: string): Promise<ResultSummary> {
  const file = join(dir, 'summary.json');
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // `export results` (the parent folder) or a `results/*` that matched nothing ends here.
    const hint = code === 'ENOENT' ? ': export takes result folders, each holding a summary.json (results/<id>)' : '';
    return fail([{ file, field: '(file)', message: code ? `cannot read file: ${describeCause(e)}${hint}` : `invalid JSON: ${(e as Error).message}` }]);
  }
  const r = parseWith(ResultSummary, data, file);
  return r.ok ? r.value : fail(r.errors);
}

async function readSamples(file: string): Promise<Sample[]> {
  const out: Sample[] = [];
  for await (const { line, text } of jsonlLines(createReadStream(file))) {
    // jsonlLines cuts a line over the limit short: say so rather than what JSON.parse makes of the cut.
    if (text.length > MAX_JSONL_LINE_CHARS) fail([{ file: `${file}:${line}`, field: '(line)', message: 'line longer than 1 MiB' }]);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      fail([{ file: `${file}:${line}`, field: '(line)', message: `not valid JSON: ${(e as Error).message}` }]);
    }
    const r = parseWith(Sample, data, `${file}:${line}`);
    if (!r.ok) fail(r.errors);
    else out.push(r.value);
  }
  return out;
}

/** Read one results/<id> folder's summary.json and check that the samples file of every dataset it lists is there. */
export async function loadExportSource(dir: string): Promise<ExportSource> {
  const summary = await readSummary(dir);
  const present = new Set(await readdir(join(dir, 'samples')).catch(() => [] as string[]));
  const files = [...present].filter((f) => f.endsWith('.jsonl')).map((f) => ({ dataset: f.slice(0, -'.jsonl'.length), file: join(dir, 'samples', f) }));
  const unlisted = unlistedDatasetErrors(summary, await benchmarkSuiteDatasets(), join(dir, 'summary.json'), files);
  if (unlisted.length > 0) fail(unlisted);
  for (const d of summary.datasets) {
    if (!present.has(`${d.dataset}.jsonl`)) fail([{ file: join(dir, 'samples', `${d.dataset}.jsonl`), field: '(file)', message: `missing: summary.json lists dataset "${d.dataset}"` }]);
  }
  return { dir, summary };
}

/** The samples of one dataset of a result, in file order (read when needed: one dataset in memory at a time). */
export async function readDatasetSamples(src: ExportSource, dataset: DatasetId): Promise<Sample[]> {
  const file = join(src.dir, 'samples', `${dataset}.jsonl`);
  const list = await readSamples(file);
  const id = src.summary.submission.id;
  const stray = list.find((s) => s.submission_id !== id || s.dataset !== dataset);
  if (stray) fail([{ file, field: 'submission_id/dataset', message: `sample "${stray.id}" is ${stray.submission_id}/${stray.dataset}, not ${id}/${dataset}` }]);
  return list;
}
