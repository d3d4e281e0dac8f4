/** Summaries as a flat CSV (pure): one row per model × dataset × condition. Columns are documented on /downloads/. */
import { LABELS, type ResultSummary } from '../../schema/index.ts';
import { excludesZero } from '../metrics/significance.ts';

export const CSV_COLUMNS: Array<[string, string]> = [
  ['submission_id', 'Submission id (folder under results/).'],
  ['display_name', 'Model name as shown on the site.'],
  ['family', 'Model family.'],
  ['total_b', 'Total parameters, billions.'],
  ['active_b', 'Active parameters per token, billions.'],
  ['hf_repo', 'Hugging Face repository of the weights.'],
  ['hf_revision', 'Revision of the weights (commit sha when pinned).'],
  ['suite_version', 'Probe suite version.'],
  ['simulated', 'true when the data came from the simulator or synthetic generator.'],
  ['dataset', 'Dataset id.'],
  ['n_items', 'Items evaluated in this dataset.'],
  ['condition', 'Condition id (greedy, t0.7, t1.0, truncated, generic_question, reference).'],
  ['temperature', 'Sampling temperature of the user turn.'],
  ['samples_per_item', 'User turns sampled per item.'],
  ['n_samples', 'User turns requested.'],
  ['n_judged', 'User turns with a primary-judge label (denominator of rates).'],
  ['n_judge_errors', 'Judge failures (excluded from rates).'],
  ['n_request_errors', 'Failed requests (excluded from rates).'],
  ['followup', 'Genuine follow-up rate, 0–1; empty when nothing was judged.'],
  ['followup_lo', 'Lower bound of its 95% interval (method in interval_rate).'],
  ['followup_hi', 'Upper bound of its 95% CI.'],
  ['any_of_k', 'Share of items with at least one genuine follow-up (sampled conditions).'],
  ['any_of_k_lo', 'Lower 95% bound.'],
  ['any_of_k_hi', 'Upper 95% bound.'],
  ['delta_vs_greedy', 'Paired difference of follow-up rate vs greedy, −1–1.'],
  ['delta_lo', 'Lower bound of its 95% paired interval (method in interval_delta).'],
  ['delta_hi', 'Upper bound.'],
  ['accuracy_strict', 'Task accuracy of the dataset (strict), same for every condition; empty for conversation sets.'],
  ['accuracy_lo', 'Lower 95% bound.'],
  ['accuracy_hi', 'Upper 95% bound.'],
  ...LABELS.map((l): [string, string] => [`n_${l}`, `Primary-judge count of label ${l}.`]),
  ['delta_significant', 'true when the delta interval excludes zero (an effect); empty without a delta.'],
  ['interval_rate', 'Interval method of rates, any-of-k and accuracy (percentile_bootstrap in suite v1, wilson_deff in v2).'],
  ['interval_delta', 'Interval method of the delta (paired_bootstrap in suite v1, mover_wilson in v2).'],
];

/** RFC 4180 quoting; text cells that a spreadsheet would evaluate (=, +, -, @) get a leading apostrophe. */
export function csvCell(v: string | number | boolean | null | undefined, text = false): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (text && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function summariesToCsv(summaries: readonly ResultSummary[]): string {
  const lines = [CSV_COLUMNS.map(([c]) => c).join(',')];
  for (const s of summaries) for (const d of s.datasets) for (const c of d.conditions) {
    const row: Array<string> = [
      csvCell(s.submission.id, true), csvCell(s.submission.display_name, true), csvCell(s.submission.family, true),
      csvCell(s.submission.params.total_b), csvCell(s.submission.params.active_b), csvCell(s.submission.hf.repo, true), csvCell(s.submission.hf.revision, true),
      csvCell(s.provenance.suite_version), csvCell(s.provenance.simulated), csvCell(d.dataset), csvCell(d.n_items),
      csvCell(c.condition, true), csvCell(c.temperature), csvCell(c.samples_per_item), csvCell(c.n_samples), csvCell(c.n_judged),
      csvCell(c.n_judge_errors), csvCell(c.n_request_errors),
      csvCell(c.followup?.value), csvCell(c.followup?.lo), csvCell(c.followup?.hi),
      csvCell(c.any_of_k?.value), csvCell(c.any_of_k?.lo), csvCell(c.any_of_k?.hi),
      csvCell(c.delta_vs_greedy?.value), csvCell(c.delta_vs_greedy?.lo), csvCell(c.delta_vs_greedy?.hi),
      csvCell(d.accuracy?.strict.value), csvCell(d.accuracy?.strict.lo), csvCell(d.accuracy?.strict.hi),
      ...LABELS.map((l) => csvCell(c.labels[l])),
      csvCell(c.delta_vs_greedy ? excludesZero(c.delta_vs_greedy) : null),
      csvCell(s.provenance.intervals?.rate ?? 'percentile_bootstrap'), csvCell(s.provenance.intervals?.delta ?? 'paired_bootstrap'),
    ];
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}
