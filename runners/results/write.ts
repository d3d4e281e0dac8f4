import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ResultSummary, Sample, formatFieldError, parseWith, type DatasetId } from '../../src/schema/index.ts';
import { prepareFileAtomic, writeFileAtomic, type PreparedFile } from './atomic.ts';
import { jsonLine } from '../../src/lib/io/jsonl.ts';

/** Thrown when a result would not pass its schema: nothing is written then. */
export class InvalidResult extends Error {}

/** Stable JSON for summary.json: two-space indent and a final newline. */
export const summaryText = (s: ResultSummary): string => `${JSON.stringify(s, null, 2)}\n`;

/**
 * Validate everything with the zod schemas first, then write samples/<dataset>.jsonl and summary.json
 * atomically (summary last, so a summary never points at samples that are not there). Stale sample files of
 * datasets not in this result are removed.
 */
export async function writeResults(outDir: string, summary: ResultSummary, samples: ReadonlyMap<DatasetId, readonly Sample[]>): Promise<string> {
  const dir = join(outDir, summary.submission.id);
  const s = parseWith(ResultSummary, summary, join(dir, 'summary.json'));
  if (!s.ok) throw new InvalidResult(s.errors.map(formatFieldError).join('\n'));
  const texts = new Map<DatasetId, string>();
  for (const [ds, list] of samples) {
    const lines: string[] = [];
    list.forEach((x, i) => {
      const r = parseWith(Sample, x, `${join(dir, 'samples', `${ds}.jsonl`)}:${i + 1}`);
      if (!r.ok) throw new InvalidResult(r.errors.map(formatFieldError).join('\n'));
      lines.push(jsonLine(r.value));
    });
    texts.set(ds, lines.length > 0 ? `${lines.join('\n')}\n` : '');
  }
  for (const [ds, text] of texts) await writeFileAtomic(join(dir, 'samples', `${ds}.jsonl`), text);
  await writeFileAtomic(join(dir, 'summary.json'), summaryText(s.value));
  await removeStaleSamples(dir, new Set([...texts.keys()].map((ds) => `${ds}.jsonl`)));
  return dir;
}

/**
 * Remove sample files of datasets that are not part of the summary just written. It runs after the summary, so
 * a crash in between leaves an extra file beside a consistent summary, never a summary pointing at no file.
 */
async function removeStaleSamples(dir: string, keep: ReadonlySet<string>): Promise<void> {
  let files: string[];
  try {
    files = await readdir(join(dir, 'samples'));
  } catch {
    return; // no samples folder
  }
  for (const f of files) if (f.endsWith('.jsonl') && !keep.has(f)) await rm(join(dir, 'samples', f));
}

/**
 * Write summary.json (validated first, atomically) next to sample files that are already in place, and remove
 * sample files of datasets that are not part of this result.
 */
export async function writeSummary(outDir: string, summary: ResultSummary): Promise<string> {
  const dir = join(outDir, summary.submission.id);
  const s = parseWith(ResultSummary, summary, join(dir, 'summary.json'));
  if (!s.ok) throw new InvalidResult(s.errors.map(formatFieldError).join('\n'));
  await writeFileAtomic(join(dir, 'summary.json'), summaryText(s.value));
  await removeStaleSamples(dir, new Set(summary.datasets.map((d) => `${d.dataset}.jsonl`)));
  return dir;
}

/**
 * summary.json validated and written under its temp name; `commit` puts it in place and removes stale sample
 * files. Prepared before the sample files are renamed, so a full disk stops the run with nothing put in place.
 */
async function prepareSummary(outDir: string, summary: ResultSummary): Promise<PreparedFile & { dir: string }> {
  const dir = join(outDir, summary.submission.id);
  const s = parseWith(ResultSummary, summary, join(dir, 'summary.json'));
  if (!s.ok) throw new InvalidResult(s.errors.map(formatFieldError).join('\n'));
  const file = await prepareFileAtomic(join(dir, 'summary.json'), summaryText(s.value));
  return {
    dir,
    async commit() {
      await file.commit();
      await removeStaleSamples(dir, new Set(summary.datasets.map((d) => `${d.dataset}.jsonl`)));
    },
    abort: file.abort,
  };
}

/**
 * A streamed run's results put in place: everything is validated before anything is renamed (the samples line by
 * line as they were streamed to temp files, the summary here); then the sample files go in place and the summary
 * last. On failure nothing is left half written. Returns the result folder.
 */
export async function commitStreamedResults(outDir: string, summary: ResultSummary, samples: { commit(): Promise<void>; abort(): Promise<void> }): Promise<string> {
  let prepared;
  try {
    prepared = await prepareSummary(outDir, summary);
  } catch (e) {
    await samples.abort();
    throw e;
  }
  try {
    await samples.commit();
  } catch (e) {
    await prepared.abort();
    throw e;
  }
  await prepared.commit();
  return prepared.dir;
}

/** Check a summary against its schema without writing it. */
export function assertValidSummary(summary: ResultSummary, file: string): void {
  const s = parseWith(ResultSummary, summary, file);
  if (!s.ok) throw new InvalidResult(s.errors.map(formatFieldError).join('\n'));
}
