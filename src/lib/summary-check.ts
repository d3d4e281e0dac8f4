import type { DatasetId, FieldError, ResultSummary, Suite } from '../schema/index.ts';
import { summaryFigureErrors } from './summary-figures.ts';
import { provenanceErrors } from './summary-provenance.ts';
import { sampleTally, type CountedSample } from './summary-tally.ts';

/**
 * A summary read against the samples of the datasets it lists (`samples`; a dataset without its file is the caller's
 * error, already in `errors`): each dataset's counts (sampleTally), then, once nothing is wrong, what the suite and
 * samples determine of the run (summary-provenance.ts) and every figure (summary-figures.ts). `userturn validate` and
 * the site build both call it with the errors of their own file checks, so a result one refuses the other refuses too.
 */
export function summaryAgainstSamples(display: string, summary: ResultSummary, suite: Suite | undefined, samples: ReadonlyMap<DatasetId, readonly CountedSample[]>, errors: FieldError[]): FieldError[] {
  const seen = { judges: new Set<string>(), anyError: false };
  summary.datasets.forEach((d, i) => {
    const list = samples.get(d.dataset);
    if (!list) return;
    const tally = sampleTally(summary.provenance.primary_judge);
    for (const s of list) tally.add(s);
    errors.push(...tally.errors(display, i, d));
    for (const j of tally.judges) seen.judges.add(j);
    seen.anyError ||= tally.anyError;
  });
  if (errors.length === 0 && suite) errors.push(...provenanceErrors(display, summary, suite, seen), ...summaryFigureErrors(display, summary, suite, samples));
  return errors;
}
