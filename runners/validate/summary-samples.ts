import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { jsonlLines } from '../../src/lib/io/jsonl.ts';
import { missingSamplesError, sampleTally, unlistedSamplesError, type CountedSample } from '../../src/lib/summary-tally.ts';
import type { FieldError, ResultSummary } from '../../src/schema/index.ts';

/**
 * A summary against its samples files (sampleTally): every dataset it lists has its samples file, and the samples
 * give its items and per-condition counts. A review found validate passing a result folder with a samples line
 * deleted, a samples file from another run, or one missing. `alreadyRead` gives the counted samples of a file validate
 * read for its own rules (its valid lines only); a samples file not named (a summary validated alone) is read here,
 * skipping lines that are not valid samples (the samples file's own errors). A result folder without a samples folder
 * is not read against anything (pr-report checks only the changed files).
 */
export async function summarySamplesErrors(display: string, dir: string, summary: ResultSummary, alreadyRead: (file: string) => CountedSample[] | undefined = () => undefined): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  // A summary alone, without its samples folder (the files a pull request changed, as pr-report sees them): nothing
  // to read it against here.
  if (!existsSync(join(dir, 'samples'))) return errors;
  const listed = new Set(summary.datasets.map((d) => d.dataset));
  for (const f of readdirSync(join(dir, 'samples')).filter((n) => n.endsWith('.jsonl')).sort()) {
    if (!listed.has(f.slice(0, -'.jsonl'.length))) errors.push(unlistedSamplesError(display, f.slice(0, -'.jsonl'.length)));
  }
  for (const [i, d] of summary.datasets.entries()) {
    const file = join(dir, 'samples', `${d.dataset}.jsonl`);
    if (!existsSync(file)) {
      errors.push(missingSamplesError(display, i, d.dataset));
      continue;
    }
    const tally = sampleTally(summary.provenance.primary_judge);
    for (const s of alreadyRead(file) ?? (await countedSamples(file))) tally.add(s);
    errors.push(...tally.errors(display, i, d));
  }
  return errors;
}

/** A samples file's samples as far as its summary counts them; lines that are not samples are skipped. */
async function countedSamples(file: string): Promise<CountedSample[]> {
  const out: CountedSample[] = [];
  for await (const { text } of jsonlLines(createReadStream(file))) {
    try {
      const { item_id, condition, error, verdicts, unfinished } = JSON.parse(text) as CountedSample;
      // Only the counted fields are kept, not the texts (as validate-files.ts keeps them).
      if (typeof item_id === 'string' && typeof condition === 'string' && Array.isArray(verdicts)) out.push({ item_id, condition, error, verdicts, unfinished });
    } catch {
      // not JSON: the samples file's own error
    }
  }
  return out;
}
