import type { FieldError, ResultSummary, Submission } from '../schema/index.ts';

/** A committed submission as validate and the site build read it: its file (as shown) and its content. */
export interface CommittedSubmission { file: string; value: Submission }

/**
 * A result names the model it measured by copying its submission's identity into `summary.submission`, and the site
 * shows that copy. A review published results/qwen3.5-9b/ as "GPT-5 (official)", family openai, another Hugging Face
 * repo and 1,000 B active parameters: nothing read the copy against the committed submission. Each field the site
 * shows must be the submission's (a result without a submission in the repository, such as the demo's simulated
 * models, is not read against one). `userturn validate` and the site build both apply it.
 */
export function summarySubmissionErrors(display: string, summary: ResultSummary, submissions: readonly CommittedSubmission[]): FieldError[] {
  const own = submissions.find((s) => s.value.id === summary.submission.id);
  if (!own) return [];
  const sub = own.value;
  const pairs: Array<[string, unknown, unknown]> = [
    ['submission.display_name', summary.submission.display_name, sub.display_name],
    ['submission.family', summary.submission.family, sub.family],
    ['submission.hf.repo', summary.submission.hf.repo, sub.hf.repo],
    ['submission.hf.revision', summary.submission.hf.revision, sub.hf.revision],
    ['submission.params.total_b', summary.submission.params.total_b, sub.params.total_b],
    ['submission.params.active_b', summary.submission.params.active_b, sub.params.active_b],
  ];
  return pairs
    .filter(([, is, says]) => is !== says)
    .map(([field, is, says]) => ({ file: display, field, message: `is ${JSON.stringify(is)} but ${own.file} says ${JSON.stringify(says)}` }));
}
