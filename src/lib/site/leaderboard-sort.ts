/**
 * Sort values of a leaderboard row, written as data attributes on its <tr> so the page script can sort and filter the
 * server-rendered table without a second copy of the rows (pure).
 */
import type { LbRow } from './leaderboard.ts';
import type { SortKey, SortValue } from './leaderboard-state.ts';

/** The numeric sort keys and their attribute names (`data-s-<key>`); name and family are read from the row itself. */
export const NUMERIC_KEYS = ['group', 'size', 'greedy', 'hot', 'any_k', 'accuracy'] as const satisfies readonly SortKey[];
export type NumericKey = (typeof NUMERIC_KEYS)[number];

/** Four decimals order rates finer than the table shows them (0.1 percentage point). */
const round = (x: number | null | undefined): number | null => (x === null || x === undefined ? null : Math.round(x * 1e4) / 1e4);

export function numericSortValues(r: LbRow): Record<NumericKey, number | null> {
  const m = r.has_results;
  return {
    group: r.group, size: r.total_b,
    greedy: m ? round(r.greedy?.value) : null, hot: m ? round(r.hot?.value) : null,
    any_k: m ? round(r.any_k?.value) : null, accuracy: m ? round(r.accuracy?.value) : null,
  };
}

/** `data-s-*` attributes for a row; a missing value has no attribute (read back as null: sorted last). */
export function sortAttrs(r: LbRow): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(numericSortValues(r))) if (v !== null) out[`data-s-${k}`] = String(v);
  return out;
}

/** Reads a row's sort value back from its attributes (the inverse of sortAttrs, plus name and family). */
export function readSortValue(get: (attr: string) => string | null, k: SortKey): SortValue {
  if (k === 'name') return (get('data-name') ?? '').toLowerCase();
  if (k === 'family') return get('data-family') ?? '';
  const v = get(`data-s-${k}`);
  return v === null || v === '' ? null : Number(v);
}
