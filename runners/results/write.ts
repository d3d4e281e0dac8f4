import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ResultSummary, Sample, formatFieldError, parseWith, type DatasetId } from '../../src/schema/index.ts';
import { prepareFileAtomic, writeFileAtomic, type PreparedFile } from './atomic.ts';
import { commitFolder, finishInterruptedCommit } from './folder-commit.ts';
import { jsonLine } from '../../src/lib/io/jsonl.ts';
import { InputError } from '../core/errors.ts';

/** Thrown when a result would not pass its schema: nothing is written then. */
export class InvalidResult extends InputError {}

/** Stable JSON for summary.json: two-space indent and a final newline. */
export const summaryText = (s: ResultSummary): string => `${JSON.stringify(s, null, 2)}\n`;

/** The text of summary.json at `file`, once the summary passed its schema (else every field error, naming the file). */
function checkedSummaryText(summary: ResultSummary, file: string): string {
  const s = parseWith(ResultSummary, summary, file);
  if (!s.ok) throw new InvalidResult(s.errors.map(formatFieldError).join('\n'));
  return summaryText(s.value);
}

/**
 * Validate everything with the zod schemas first, then put samples/<dataset>.jsonl and summary.json in place in one
 * commit (folder-commit.ts), which also removes stale sample files of datasets not in this result.
 */
export async function writeResults(outDir: string, summary: ResultSummary, samples: ReadonlyMap<DatasetId, readonly Sample[]>): Promise<string> {
  const dir = join(outDir, summary.submission.id);
  const summaryFile = checkedSummaryText(summary, join(dir, 'summary.json'));
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
  await finishInterruptedCommit(dir);
  // Every file under its temp name first (a full disk stops here with nothing put in place), then one commit.
  const prepared: Array<{ file: PreparedFile; final: string }> = [];
  try {
    for (const [ds, text] of texts) {
      const final = join(dir, 'samples', `${ds}.jsonl`);
      prepared.push({ file: await prepareFileAtomic(final, text), final });
    }
    const final = join(dir, 'summary.json');
    prepared.push({ file: await prepareFileAtomic(final, summaryFile), final });
  } catch (e) {
    for (const p of prepared) await p.file.abort();
    throw e;
  }
  await commitFolder(dir, prepared.map((p) => [p.file.tmp, p.final]), await staleSamples(dir, texts.keys()));
  return dir;
}

/** Sample files of datasets other than `datasets` (the summary being written's): removed with it. */
async function staleSamples(dir: string, datasets: Iterable<string>): Promise<string[]> {
  const keep = new Set([...datasets].map((ds) => `${ds}.jsonl`));
  let files: string[];
  try {
    files = await readdir(join(dir, 'samples'));
  } catch {
    return []; // no samples folder
  }
  return files.filter((f) => f.endsWith('.jsonl') && !keep.has(f)).map((f) => join(dir, 'samples', f));
}

/**
 * Remove sample files of datasets that are not part of the summary just written. It runs after the summary, so
 * a crash in between leaves an extra file beside a consistent summary, never a summary pointing at no file.
 */
async function removeStaleSamples(dir: string, datasets: Iterable<string>): Promise<void> {
  for (const f of await staleSamples(dir, datasets)) await rm(f, { force: true });
}

/**
 * Write summary.json (validated first, atomically) next to sample files that are already in place, and remove
 * sample files of datasets that are not part of this result.
 */
export async function writeSummary(outDir: string, summary: ResultSummary): Promise<string> {
  const dir = join(outDir, summary.submission.id);
  await writeFileAtomic(join(dir, 'summary.json'), checkedSummaryText(summary, join(dir, 'summary.json')));
  await removeStaleSamples(dir, summary.datasets.map((d) => d.dataset));
  return dir;
}

/**
 * A streamed run's results put in place: everything is validated before anything is renamed (the samples line by
 * line as they were streamed to temp files, the summary here, written under its temp name so a full disk stops the
 * run with nothing put in place); then the samples files, the summary and the removal of stale samples files are one
 * commit (folder-commit.ts): a kill -9 at any point leaves the old result or the new one, never a mix. Returns the
 * result folder.
 */
export async function commitStreamedResults(outDir: string, summary: ResultSummary, samples: { prepare(): Promise<Array<[string, string]>>; abort(): Promise<void> }): Promise<string> {
  const dir = join(outDir, summary.submission.id);
  let file: PreparedFile;
  try {
    file = await prepareFileAtomic(join(dir, 'summary.json'), checkedSummaryText(summary, join(dir, 'summary.json')));
  } catch (e) {
    await samples.abort();
    throw e;
  }
  let renames: Array<[string, string]>;
  try {
    renames = await samples.prepare();
  } catch (e) {
    // No journal names the samples' temp files yet: they go with the summary's, and the folders made for them.
    await file.abort();
    await samples.abort();
    throw e;
  }
  const stale = await staleSamples(dir, summary.datasets.map((d) => d.dataset));
  await commitFolder(dir, [...renames, [file.tmp, join(dir, 'summary.json')]], stale);
  return dir;
}
