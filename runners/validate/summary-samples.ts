import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { jsonlLines } from '../../src/lib/io/jsonl.ts';
import { summaryAgainstSamples } from '../../src/lib/summary-check.ts';
import { missingSamplesError, unlistedSamplesError, type CountedSample } from '../../src/lib/summary-tally.ts';
import { isLink, NO_LINK } from '../io/links.ts';
import { Sample, type DatasetId, type FieldError, type ResultSummary, type Suite } from '../../src/schema/index.ts';

/** A link in a result folder is never read: it could point anywhere on the machine (runners/io/links.ts). */
const linkError = (display: string, what: string): FieldError => ({ file: display, field: '(file)', message: `its ${what} is a symbolic link: ${NO_LINK}` });

/**
 * A summary against its samples files (sampleTally): every dataset it lists has its samples file, and the samples
 * give its items and per-condition counts. A review found validate passing a result folder with a samples line
 * deleted, a samples file from another run, or one missing. `alreadyRead` gives the counted samples of a file validate
 * read for its own rules (its valid lines only); a samples file not named (a summary validated alone) is read here,
 * skipping lines that are not valid samples (the samples file's own errors). A result folder without a samples folder
 * is not read against anything (pr-report checks only the changed files). Once the counts agree, every figure is
 * recomputed from the samples with the summary's suite (`suite`, undefined for a version the benchmark does not hold:
 * refused by resultDatasetErrors).
 */
export async function summarySamplesErrors(display: string, dir: string, summary: ResultSummary, suite: Suite | undefined, alreadyRead: (file: string) => CountedSample[] | undefined = () => undefined): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const samplesDir = join(dir, 'samples');
  // A review linked samples/ to a folder elsewhere: its files were read and quoted in the errors.
  if (isLink(samplesDir)) return [linkError(display, 'samples folder')];
  // A summary alone, without its samples folder (the files a pull request changed, as pr-report sees them): nothing
  // to read it against here.
  if (!existsSync(samplesDir)) return errors;
  const listed = new Set(summary.datasets.map((d) => d.dataset));
  const read = new Map<DatasetId, CountedSample[]>();
  for (const f of readdirSync(samplesDir).filter((n) => n.endsWith('.jsonl')).sort()) {
    if (!listed.has(f.slice(0, -'.jsonl'.length))) errors.push(unlistedSamplesError(display, f.slice(0, -'.jsonl'.length)));
  }
  for (const [i, d] of summary.datasets.entries()) {
    const file = join(samplesDir, `${d.dataset}.jsonl`);
    if (isLink(file)) {
      errors.push(linkError(display, `samples file samples/${d.dataset}.jsonl`));
      continue;
    }
    if (!existsSync(file)) {
      errors.push(missingSamplesError(display, i, d.dataset));
      continue;
    }
    read.set(d.dataset, alreadyRead(file) ?? (await countedSamples(file)));
  }
  return summaryAgainstSamples(display, summary, suite, read, errors);
}

/** A samples file's samples as far as its summary counts them; lines that are not valid samples are skipped. */
async function countedSamples(file: string): Promise<CountedSample[]> {
  const out: CountedSample[] = [];
  for await (const { text } of jsonlLines(createReadStream(file))) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue; // not JSON: the samples file's own error
    }
    const r = Sample.safeParse(data);
    if (!r.success) continue; // not a sample: the samples file's own error
    // Only the counted fields are kept, not the texts (as validate-files.ts keeps them).
    const { item_id, condition, sample_index, error, verdicts, accuracy, unfinished } = r.data;
    out.push({ item_id, condition, sample_index, error, verdicts, accuracy, unfinished });
  }
  return out;
}
