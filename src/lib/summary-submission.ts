import type { FieldError, ResultSummary, Submission } from '../schema/index.ts';

/** A committed submission as validate and the site build read it: its file (as shown) and its content. */
export interface CommittedSubmission { file: string; value: Submission }

/**
 * A result names the model it measured by copying its submission's identity into `summary.submission`, and the site
 * shows that copy. A review published results/qwen3.5-9b/ as "GPT-5 (official)", family openai, another Hugging Face
 * repo and 1,000 B active parameters: nothing read the copy against the committed submission. Each field the site
 * shows must be the submission's, except the revision (a result without a submission in the repository must be
 * simulated, as the demo's models are). `userturn validate` and the site build both apply it.
 */
export function summarySubmissionErrors(display: string, summary: ResultSummary, submissions: readonly CommittedSubmission[]): FieldError[] {
  const own = submissions.find((s) => s.value.id === summary.submission.id);
  // Renaming the folder and the id got round the check: a result of no committed submission is the demo's or a test's,
  // which the simulator made and which every page labels simulated.
  if (!own) return summary.provenance.simulated ? [] : [{ file: display, field: 'submission.id', message: `no submission in submissions/ has the id "${summary.submission.id}": a result is published for a committed submission (only simulated results may stand alone)` }];
  return identityDifferences(summary, own.value).map((d) => ({ file: display, field: `submission.${d.field}`, message: `is ${JSON.stringify(d.published)} but ${own.file} says ${JSON.stringify(d.submitted)}` }));
}

/** The identity fields (as summary.submission names them) where a summary and a submission differ. */
export function identityDifferences(summary: ResultSummary, sub: Submission): Array<{ field: string; published: unknown; submitted: unknown }> {
  const pairs: Array<[string, unknown, unknown]> = [
    ['display_name', summary.submission.display_name, sub.display_name],
    ['family', summary.submission.family, sub.family],
    // Not the revision: a result records the weights it measured, and pinning a submission afterwards (what
    // docs/maintainers.md asks) must not refuse it. The other fields the submission may change only with its results.
    ['hf.repo', summary.submission.hf.repo, sub.hf.repo],
    ['params.total_b', summary.submission.params.total_b, sub.params.total_b],
    ['params.active_b', summary.submission.params.active_b, sub.params.active_b],
  ];
  return pairs.filter(([, published, submitted]) => published !== submitted).map(([field, published, submitted]) => ({ field, published, submitted }));
}
