/**
 * The columns of the exported Parquet tables. Scalars keep their type; objects and arrays are JSON text (STRING,
 * not Parquet's JSON logical type, which some pyarrow versions turn into an extension type `datasets` cannot load).
 * Every column names the JSON path it comes from, so the dataset card documents it and tests can check it.
 */
export type ColumnType = 'STRING' | 'INT64' | 'DOUBLE' | 'BOOLEAN' | 'JSON';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  /** Where the value comes from: a sample field, or a path in summary.json (`datasets[].conditions[].…`). */
  path: string;
}

const s = (name: string, type: ColumnType): ColumnSpec => ({ name, type, path: name });

/** One column per field of a sample line (src/schema/sample.ts), in schema order. */
export const SAMPLE_COLUMNS: ColumnSpec[] = [
  s('format', 'INT64'),
  s('id', 'STRING'),
  s('submission_id', 'STRING'),
  s('dataset', 'STRING'),
  s('item_id', 'STRING'),
  s('condition', 'STRING'),
  s('sample_index', 'INT64'),
  s('question', 'STRING'),
  s('response', 'STRING'),
  s('assistant_finish_reason', 'STRING'),
  s('accuracy', 'JSON'),
  s('user_turn', 'STRING'),
  s('finish_reason', 'STRING'),
  s('seed', 'INT64'),
  s('temperature', 'DOUBLE'),
  s('top_p', 'DOUBLE'),
  s('prompt_sha256', 'STRING'),
  s('timings', 'JSON'),
  s('error', 'JSON'),
  s('verdicts', 'JSON'),
  s('unfinished', 'JSON'),
  s('user_turn_cut', 'JSON'),
  s('assistant_turn_cut', 'JSON'),
];

const D = 'datasets[].';
const C = 'datasets[].conditions[].';
const c = (name: string, type: ColumnType, path: string): ColumnSpec => ({ name, type, path });

/** One row per submission × dataset × condition of summary.json (src/schema/summary.ts). */
export const SUMMARY_COLUMNS: ColumnSpec[] = [
  c('submission_id', 'STRING', 'submission.id'),
  c('display_name', 'STRING', 'submission.display_name'),
  c('family', 'STRING', 'submission.family'),
  c('hf_repo', 'STRING', 'submission.hf.repo'),
  c('hf_revision', 'STRING', 'submission.hf.revision'),
  c('hf_pinned', 'BOOLEAN', 'submission.hf.pinned'),
  c('params_total_b', 'DOUBLE', 'submission.params.total_b'),
  c('params_active_b', 'DOUBLE', 'submission.params.active_b'),
  c('suite_id', 'STRING', 'provenance.suite_id'),
  c('suite_version', 'INT64', 'provenance.suite_version'),
  c('taxonomy_version', 'INT64', 'provenance.taxonomy_version'),
  c('primary_judge', 'STRING', 'provenance.primary_judge'),
  c('simulated', 'BOOLEAN', 'provenance.simulated'),
  c('endpoint_models', 'JSON', 'provenance.endpoint_models'),
  c('answered_models', 'JSON', 'provenance.answered_models'),
  c('dataset', 'STRING', `${D}dataset`),
  c('n_items', 'INT64', `${D}n_items`),
  c('accuracy_metric', 'STRING', `${D}accuracy.metric`),
  c('accuracy_strict', 'DOUBLE', `${D}accuracy.strict.value`),
  c('accuracy_strict_lo', 'DOUBLE', `${D}accuracy.strict.lo`),
  c('accuracy_strict_hi', 'DOUBLE', `${D}accuracy.strict.hi`),
  c('accuracy_loose', 'DOUBLE', `${D}accuracy.loose.value`),
  c('unfinished_n', 'INT64', `${D}unfinished.n`),
  c('unfinished_of', 'INT64', `${D}unfinished.of`),
  c('condition', 'STRING', `${C}condition`),
  c('temperature', 'DOUBLE', `${C}temperature`),
  c('samples_per_item', 'INT64', `${C}samples_per_item`),
  c('n_samples', 'INT64', `${C}n_samples`),
  c('n_judged', 'INT64', `${C}n_judged`),
  c('n_judge_errors', 'INT64', `${C}n_judge_errors`),
  c('n_request_errors', 'INT64', `${C}n_request_errors`),
  c('followup', 'DOUBLE', `${C}followup.value`),
  c('followup_lo', 'DOUBLE', `${C}followup.lo`),
  c('followup_hi', 'DOUBLE', `${C}followup.hi`),
  c('followup_n', 'INT64', `${C}followup.n`),
  c('any_of_k', 'DOUBLE', `${C}any_of_k.value`),
  c('any_of_k_lo', 'DOUBLE', `${C}any_of_k.lo`),
  c('any_of_k_hi', 'DOUBLE', `${C}any_of_k.hi`),
  c('delta_vs_greedy', 'DOUBLE', `${C}delta_vs_greedy.value`),
  c('delta_vs_greedy_lo', 'DOUBLE', `${C}delta_vs_greedy.lo`),
  c('delta_vs_greedy_hi', 'DOUBLE', `${C}delta_vs_greedy.hi`),
  c('labels', 'JSON', `${C}labels`),
  c('item_hits', 'STRING', `${C}item_hits`),
  c('item_counts', 'STRING', `${C}item_counts`),
];

/** The value at a dotted path under `root` (`a.b.c`); null where any step is missing or null. */
export function valueAt(root: unknown, dotted: string): unknown {
  let v: unknown = root;
  for (const key of dotted.split('.')) {
    if (v === null || v === undefined || typeof v !== 'object') return null;
    v = (v as Record<string, unknown>)[key];
  }
  return v ?? null;
}
