import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { prepareFileAtomic, type PreparedFile } from '../results/atomic.ts';
import { datasetCard } from './card.ts';
import { SAMPLE_COLUMNS, SUMMARY_COLUMNS } from './columns.ts';
import { lmEvalResults } from './lm-eval.ts';
import { ExportInputError, loadExportSource, type ExportSource } from './load-results.ts';
import { parquetBytes } from './parquet.ts';
import { sampleRow, samplesByDataset, summaryRows } from './tables.ts';

/** Folders of the export that hold only files export writes; files there that this export did not write are stale. */
const OWNED_DIRS = ['data', 'lm_eval'];

export interface ExportResult {
  /** Paths relative to the export folder, sorted. */
  files: string[];
}

/** Every file of the export as (relative path, content), in a fixed order: same input, same bytes. */
export function exportFiles(sources: ExportSource[]): Array<{ path: string; data: string | Uint8Array }> {
  const files: Array<{ path: string; data: string | Uint8Array }> = [];
  const sampleFiles = [...samplesByDataset(sources)].map(([dataset, samples]) => {
    const path = `data/${dataset}.parquet`;
    files.push({ path, data: parquetBytes(SAMPLE_COLUMNS, samples.map(sampleRow)) });
    return { dataset, path, rows: samples.length };
  });
  const rows = summaryRows(sources);
  const summaryFile = { path: 'data/summary.parquet', rows: rows.length };
  files.push({ path: summaryFile.path, data: parquetBytes(SUMMARY_COLUMNS, rows) });
  const lmEvalFiles = sources.map(({ summary }) => {
    const path = `lm_eval/${summary.submission.id}/results.json`;
    files.push({ path, data: `${JSON.stringify(lmEvalResults(summary), null, 2)}\n` });
    return path;
  });
  files.push({ path: 'README.md', data: datasetCard({ sources, sampleFiles, summaryFile, lmEvalFiles }) });
  return files;
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

/**
 * Read the result folders and write the Hugging Face dataset folder `out`. Every file is written to a temp name
 * first and renamed into place only when all are on disk; then files a previous export left in data/ and lm_eval/
 * are removed, so the folder holds exactly what the card lists.
 */
export async function exportResults(dirs: string[], out: string): Promise<ExportResult> {
  if (dirs.length === 0) throw new ExportInputError('no result folders given');
  const sources: ExportSource[] = [];
  for (const dir of dirs) {
    const src = await loadExportSource(dir);
    const twin = sources.find((s) => s.summary.submission.id === src.summary.submission.id);
    if (twin) throw new ExportInputError(`${join(dir, 'summary.json')}: submission.id: "${src.summary.submission.id}" is also in ${twin.dir}`);
    sources.push(src);
  }
  sources.sort((a, b) => (a.summary.submission.id < b.summary.submission.id ? -1 : 1));
  const files = exportFiles(sources);
  const prepared: PreparedFile[] = [];
  try {
    for (const f of files) prepared.push(await prepareFileAtomic(join(out, f.path), f.data));
  } catch (e) {
    await Promise.all(prepared.map((p) => p.abort()));
    throw e;
  }
  for (const p of prepared) await p.commit();
  const written = new Set(files.map((f) => f.path));
  for (const d of OWNED_DIRS) {
    for (const rel of await listFiles(join(out, d), d)) if (!written.has(rel)) await rm(join(out, rel), { force: true });
  }
  return { files: [...written].sort() };
}
