import type { DatasetId, ResultSummary, Sample } from '../../src/schema/index.ts';
import { SAMPLE_COLUMNS, SUMMARY_COLUMNS, valueAt, type ColumnSpec } from './columns.ts';
import type { ExportSource } from './load-results.ts';

type Row = Record<string, unknown>;

const D = 'datasets[].';
const C = 'datasets[].conditions[].';

/** A summary column's value: paths under `datasets[].conditions[].` read the condition, `datasets[].` the dataset. */
function summaryValue(col: ColumnSpec, summary: ResultSummary, d: ResultSummary['datasets'][number], cond: object): unknown {
  if (col.path.startsWith(C)) return valueAt(cond, col.path.slice(C.length));
  if (col.path.startsWith(D)) return valueAt(d, col.path.slice(D.length));
  return valueAt(summary, col.path);
}

/** The summary table: one row per submission × dataset × condition, in input order. */
export function summaryRows(sources: ExportSource[]): Row[] {
  const rows: Row[] = [];
  for (const { summary } of sources) {
    for (const d of summary.datasets) {
      for (const cond of d.conditions) rows.push(Object.fromEntries(SUMMARY_COLUMNS.map((col) => [col.name, summaryValue(col, summary, d, cond)])));
    }
  }
  return rows;
}

/** One sample as a row: every field by name; a field absent from older results is null. */
export function sampleRow(s: Sample): Row {
  return Object.fromEntries(SAMPLE_COLUMNS.map((col) => [col.name, (s as Record<string, unknown>)[col.name] ?? null]));
}

/** The datasets of all inputs, sorted by id. */
export function exportedDatasets(sources: ExportSource[]): DatasetId[] {
  return [...new Set(sources.flatMap((s) => s.summary.datasets.map((d) => d.dataset)))].sort();
}
