import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { jsonlLines } from '../../src/lib/io/jsonl.ts';
import { LABELS, type FieldError, type ResultSummary, type Sample } from '../../src/schema/index.ts';

/** What a condition's counts are made of, read from its samples. */
interface Counts {
  n_samples: number;
  n_request_errors: number;
  n_judge_errors: number;
  n_judged: number;
  labels: Record<string, number>;
}

const emptyCounts = (): Counts => ({ n_samples: 0, n_request_errors: 0, n_judge_errors: 0, n_judged: 0, labels: Object.fromEntries(LABELS.map((l) => [l, 0])) });

/**
 * A summary against its samples files: every dataset it lists has its samples file, and the samples give its items
 * (in order) and, per condition, its counts (samples, request errors, judge errors, judged, the primary judge's
 * labels), as buildSummary counts them. A review found validate passing a result folder with a samples line deleted,
 * a samples file from another run, or one missing. The intervals are the statistics' own and not recomputed here.
 * Lines that are not valid samples are the samples file's own errors (validateSamplesFile); they are skipped here. A
 * result folder without a samples folder is not read against anything (pr-report checks only the changed files).
 */
export async function summarySamplesErrors(display: string, dir: string, summary: ResultSummary): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  // A summary alone, without its samples folder (the files a pull request changed, as pr-report sees them): nothing
  // to read it against here.
  if (!existsSync(join(dir, 'samples'))) return errors;
  const judge = summary.provenance.primary_judge;
  for (const [i, d] of summary.datasets.entries()) {
    const file = join(dir, 'samples', `${d.dataset}.jsonl`);
    if (!existsSync(file)) {
      errors.push({ file: display, field: `datasets.${i}`, message: `its samples file samples/${d.dataset}.jsonl is missing` });
      continue;
    }
    // Items in the order they first appear (buildSummary's item_ids), unfinished ones too.
    const items = new Set<string>();
    const byCondition = new Map<string, Counts>();
    for await (const { text } of jsonlLines(createReadStream(file))) {
      let s: Pick<Sample, 'item_id' | 'condition' | 'error' | 'verdicts' | 'unfinished'>;
      try {
        s = JSON.parse(text) as typeof s;
        if (typeof s.item_id !== 'string' || typeof s.condition !== 'string' || !Array.isArray(s.verdicts)) continue;
      } catch {
        continue;
      }
      items.add(s.item_id);
      // An unfinished item's record is in no condition's counts, only in `unfinished`.
      if (s.unfinished) continue;
      const c = byCondition.get(s.condition) ?? byCondition.set(s.condition, emptyCounts()).get(s.condition)!;
      c.n_samples++;
      if (s.error !== null) {
        c.n_request_errors++;
        continue;
      }
      const v = s.verdicts.find((x) => x.judge === judge);
      if (!v) continue;
      if (v.kind === 'label') {
        c.n_judged++;
        c.labels[v.label] = (c.labels[v.label] ?? 0) + 1;
      } else c.n_judge_errors++;
    }
    const inSamples = [...items];
    if (inSamples.join('\n') !== d.item_ids.join('\n')) {
      const at = d.item_ids.findIndex((id, k) => inSamples[k] !== id);
      const where = at < 0 ? `${inSamples.length - d.item_ids.length} more` : `item ${at + 1} is "${inSamples[at] ?? '(none)'}" there`;
      errors.push({ file: display, field: `datasets.${i}.item_ids`, message: `lists ${d.item_ids.length} items, which samples/${d.dataset}.jsonl does not hold in that order (${inSamples.length} items, ${where})` });
    }
    for (const [j, c] of d.conditions.entries()) {
      const got = byCondition.get(c.condition) ?? emptyCounts();
      for (const k of ['n_samples', 'n_request_errors', 'n_judge_errors', 'n_judged'] as const) {
        if (c[k] !== got[k]) errors.push({ file: display, field: `datasets.${i}.conditions.${j}.${k}`, message: `is ${c[k]} but samples/${d.dataset}.jsonl gives ${got[k]}` });
      }
      for (const l of LABELS) {
        if (c.labels[l] !== got.labels[l]) errors.push({ file: display, field: `datasets.${i}.conditions.${j}.labels.${l}`, message: `is ${c.labels[l]} but samples/${d.dataset}.jsonl gives ${got.labels[l]}` });
      }
    }
  }
  return errors;
}
