import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { prepareFileAtomic, type PreparedFile } from '../results/atomic.ts';
import { CARD_MARKER, datasetCard } from './card.ts';
import { SAMPLE_COLUMNS, SUMMARY_COLUMNS } from './columns.ts';
import { lmEvalResults } from './lm-eval.ts';
import { ExportInputError, loadExportSource, readDatasetSamples, type ExportSource } from './load-results.ts';
import { parquetBytes } from './parquet.ts';
import { exportedDatasets, sampleRow, summaryRows } from './tables.ts';

/** Folders of the export that hold only files export writes; files there that this export did not write are stale. */
const OWNED_DIRS = ['data', 'lm_eval'];

export interface ExportFile {
  /** Path relative to the export folder. */
  path: string;
  data: string | Uint8Array;
}

/**
 * Every file of the export, in a fixed order (same input, same bytes). One dataset's samples, across all inputs,
 * are in memory at a time.
 */
export async function* exportFiles(sources: ExportSource[]): AsyncGenerator<ExportFile> {
  const sampleFiles: Array<{ dataset: string; path: string; rows: number }> = [];
  for (const dataset of exportedDatasets(sources)) {
    const rows: Array<Record<string, unknown>> = [];
    for (const src of sources) if (src.summary.datasets.some((d) => d.dataset === dataset)) for (const s of await readDatasetSamples(src, dataset)) rows.push(sampleRow(s));
    const path = `data/${dataset}.parquet`;
    sampleFiles.push({ dataset, path, rows: rows.length });
    yield { path, data: parquetBytes(SAMPLE_COLUMNS, rows) };
  }
  const rows = summaryRows(sources);
  const summaryFile = { path: 'data/summary.parquet', rows: rows.length };
  yield { path: summaryFile.path, data: parquetBytes(SUMMARY_COLUMNS, rows) };
  const lmEvalFiles: string[] = [];
  for (const { summary } of sources) {
    const path = `lm_eval/${summary.submission.id}/results.json`;
    lmEvalFiles.push(path);
    yield { path, data: `${JSON.stringify(lmEvalResults(summary), null, 2)}\n` };
  }
  yield { path: 'README.md', data: datasetCard({ sources, sampleFiles, summaryFile, lmEvalFiles }) };
}

async function listFiles(dir: string, prefix: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    const rel = `${prefix}/${e.name}`;
    if (e.isDirectory()) out.push(...(await listFiles(join(dir, e.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** An existing README.md that export did not write means --out is not an export folder (a checkout's root, say). */
async function assertExportFolder(out: string): Promise<void> {
  const card = await readFile(join(out, 'README.md'), 'utf8').catch(() => null);
  if (card !== null && !card.includes(CARD_MARKER)) throw new ExportInputError(`--out ${out}: has a README.md that userturn export did not write; choose a new or empty folder`);
}

/**
 * Read the result folders and write the Hugging Face dataset folder `out`. Every file is written to a temp name
 * first and renamed into place only when all are on disk (bad input or a full disk leaves the folder as it was);
 * then files a previous export left in data/ and lm_eval/ are removed, so the folder holds what the card lists.
 */
export async function exportResults(dirs: string[], out: string): Promise<{ files: string[] }> {
  if (dirs.length === 0) throw new ExportInputError('no result folders given');
  await assertExportFolder(out);
  const sources: ExportSource[] = [];
  for (const dir of dirs) {
    const src = await loadExportSource(dir);
    const twin = sources.find((s) => s.summary.submission.id === src.summary.submission.id);
    if (twin) throw new ExportInputError(`${join(dir, 'summary.json')}: submission.id: "${src.summary.submission.id}" is also in ${twin.dir}`);
    sources.push(src);
  }
  sources.sort((a, b) => (a.summary.submission.id < b.summary.submission.id ? -1 : 1));
  const prepared: PreparedFile[] = [];
  const written: string[] = [];
  try {
    for await (const f of exportFiles(sources)) {
      prepared.push(await prepareFileAtomic(join(out, f.path), f.data));
      written.push(f.path);
    }
  } catch (e) {
    await Promise.all(prepared.map((p) => p.abort()));
    throw e;
  }
  for (const p of prepared) await p.commit();
  for (const d of OWNED_DIRS) {
    for (const rel of await listFiles(join(out, d), d)) if (!written.includes(rel)) await rm(join(out, rel), { force: true });
  }
  return { files: written.sort() };
}
