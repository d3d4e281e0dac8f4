/**
 * The leaderboard's view state in the query string (pure, shared by the page script and the tests):
 * `?dataset=ifeval&condition=t0.7&sort=accuracy&order=asc&family=qwen&size=small`. Parameters equal to their default
 * are left out, so the plain page URL is the default view; unknown values are dropped rather than trusted.
 */

export const SORT_KEYS = ['group', 'name', 'family', 'size', 'greedy', 'hot', 'any_k', 'accuracy'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

export interface LbState {
  dataset: string;
  condition: string;
  sort: SortKey;
  order: SortOrder;
  /** Empty = all families / all sizes. */
  family: string;
  size: string;
}

/** What the page offers: a parsed value outside these sets falls back to the default. */
export interface LbChoices {
  datasets: readonly string[];
  /** The dataset the page was built for. */
  dataset: string;
  /** Per dataset, the sampled conditions its "Sampled" column can show; the first is that dataset's default. */
  conditions: Readonly<Record<string, readonly string[]>>;
  families: readonly string[];
  sizes: readonly string[];
}

export const defaultCondition = (c: LbChoices, dataset: string): string => c.conditions[dataset]?.[0] ?? '';

/** Text columns and the rank read best ascending; rates and sizes descending (largest first). */
export const defaultOrder = (k: SortKey): SortOrder => (k === 'name' || k === 'family' || k === 'group' ? 'asc' : 'desc');

export const defaultState = (c: LbChoices): LbState => ({ dataset: c.dataset, condition: defaultCondition(c, c.dataset), sort: 'group', order: 'asc', family: '', size: '' });

const pick = (v: string | null, allowed: readonly string[], fallback: string): string => (v !== null && allowed.includes(v) ? v : fallback);

export function parseLbState(search: string | URLSearchParams, c: LbChoices): LbState {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sort = pick(q.get('sort'), SORT_KEYS, 'group') as SortKey;
  const order = pick(q.get('order'), ['asc', 'desc'], defaultOrder(sort)) as SortOrder;
  const dataset = pick(q.get('dataset'), c.datasets, c.dataset);
  return {
    dataset,
    condition: pick(q.get('condition'), c.conditions[dataset] ?? [], defaultCondition(c, dataset)),
    sort, order,
    family: pick(q.get('family'), c.families, ''),
    size: pick(q.get('size'), c.sizes, ''),
  };
}

/** The query string for a state (with a leading `?`, or '' for the default view); parameters in a fixed order. */
export function serialiseLbState(s: LbState, c: LbChoices): string {
  const q = new URLSearchParams();
  if (s.dataset !== c.dataset) q.set('dataset', s.dataset);
  if (s.condition !== defaultCondition(c, s.dataset)) q.set('condition', s.condition);
  if (s.sort !== 'group') q.set('sort', s.sort);
  if (s.order !== defaultOrder(s.sort)) q.set('order', s.order);
  if (s.family) q.set('family', s.family);
  if (s.size) q.set('size', s.size);
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** Clicking a column: the same column flips the order, another column starts at its natural order. */
export function nextSort(s: LbState, k: SortKey): Pick<LbState, 'sort' | 'order'> {
  if (s.sort === k) return { sort: k, order: s.order === 'asc' ? 'desc' : 'asc' };
  return { sort: k, order: defaultOrder(k) };
}

export type SortValue = number | string | null;

/**
 * Compares two sort values in the given order, with missing values (no results, not run, no accuracy) always
 * after every present value, in both orders: a "no results yet" row never comes first.
 */
export function compareSortValues(x: SortValue, y: SortValue, order: SortOrder): number {
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  const d = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  return order === 'asc' ? d : -d;
}

const LB_PARAMS = ['dataset', 'condition', 'sort', 'order', 'family', 'size'] as const;

/**
 * Where a leaderboard view in the URL of a page without the complete table (the home page at many models) is shown:
 * the chosen dataset's full leaderboard page with the rest of the view; null when the query names no table parameter.
 * Only a known dataset reaches the path; the full page validates the other values itself.
 */
export function fullLeaderboardHref(search: string, base: string, datasets: readonly string[], dataset: string): string | null {
  const q = new URLSearchParams(search);
  if (!LB_PARAMS.some((k) => q.has(k))) return null;
  const rest = new URLSearchParams();
  for (const k of LB_PARAMS.slice(1)) { const v = q.get(k); if (v !== null) rest.set(k, v); }
  const text = rest.toString();
  return `${base}leaderboard/${pick(q.get('dataset'), datasets, dataset)}/${text ? `?${text}` : ''}`;
}
