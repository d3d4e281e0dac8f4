import { appendPath, type DatasetId, type FieldError, type ResultSummary, type Suite } from '../schema/index.ts';
import { buildSummary, type SummarySample } from './build-summary.ts';

/** Differences reported per summary; the rest are counted in one line (a wholly edited summary differs everywhere). */
const MAX_REPORTED = 5;

/** Paths below `path` where `a` (the summary's) and `b` (the samples') differ: values, keys or lengths. */
function differences(a: unknown, b: unknown, path: string, out: Array<{ path: string; is: unknown; gives: unknown }>): void {
  if (Object.is(a, b)) return;
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) out.push({ path: `${path} (length)`, is: a.length, gives: b.length });
      else for (let i = 0; i < a.length; i++) differences(a[i], b[i], appendPath(path, i), out);
      return;
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], appendPath(path, k), out);
    return;
  }
  out.push({ path, is: a, gives: b });
}

const shown = (v: unknown): string => (v === undefined ? '(absent)' : JSON.stringify(v).slice(0, 80));

/**
 * Every figure of a summary recomputed from its samples with the runner's own `buildSummary` (pure: the same
 * samples and suite give the same figures) and compared: rates, intervals, any-of-k, deltas, accuracy, per-item
 * vectors, unfinished counts, judge agreement, and each condition's temperature and samples per item (the suite's).
 * A review published a summary whose follow-up rate, intervals and accuracy had been edited while every count still
 * matched its samples. `samples` holds the samples of every dataset the summary lists; `suite` is the suite of its
 * version.
 */
export function summaryFigureErrors(display: string, summary: ResultSummary, suite: Suite, samples: ReadonlyMap<DatasetId, readonly SummarySample[]>): FieldError[] {
  const rebuilt = buildSummary({ suite, submission: summary.submission, samples, judges: summary.provenance.judges, provenance: summary.provenance, run: summary.run });
  // Per-item counts of sampled conditions came later than the rest (optional: absent, ranks fall back to the counts):
  // a summary written before them is read without them, one that has them against what its samples give.
  rebuilt.datasets.forEach((d, i) => d.conditions.forEach((c, j) => {
    if (summary.datasets[i]?.conditions[j]?.item_counts === undefined) delete c.item_counts;
  }));
  const found: Array<{ path: string; is: unknown; gives: unknown }> = [];
  differences(summary.datasets, rebuilt.datasets, 'datasets', found);
  differences(summary.agreement, rebuilt.agreement, 'agreement', found);
  differences(summary.submission.hf.pinned, rebuilt.submission.hf.pinned, 'submission.hf.pinned', found);
  const errors: FieldError[] = found.slice(0, MAX_REPORTED).map((d) => ({ file: display, field: d.path, message: `is ${shown(d.is)} but its samples give ${shown(d.gives)}` }));
  if (found.length > MAX_REPORTED) errors.push({ file: display, field: 'datasets', message: `… and ${found.length - MAX_REPORTED} more figures that its samples do not give` });
  return errors;
}
