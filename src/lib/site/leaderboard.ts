/** Leaderboard rows derived from result summaries (pure). */
import { BASELINE_CONDITION, LABELS, type ConditionResult, type Estimate, type ResultSummary } from '../../schema/index.ts';
import { leaderboardGroups } from './rank.ts';

/** One leaderboard row for one dataset; compact so it can be shipped to the island as JSON. */
export interface LbRow {
  id: string;
  name: string;
  family: string;
  total_b: number;
  active_b: number;
  greedy: Estimate | null;
  /** Highest-temperature condition: its id and follow-up rate. */
  hot_condition: string | null;
  hot: Estimate | null;
  any_k: Estimate | null;
  accuracy: Estimate | null;
  /** Suite v2: items of this dataset whose assistant turn was unfinished (not probed, not scored). */
  unfinished?: { n: number; of: number } | null;
  /** Greedy label counts in taxonomy order. */
  labels: number[];
  /** Rank group: 1 + the number of models significantly better (paired exact tests, Holm; src/lib/metrics/rank-groups.ts). */
  group: number | null;
  /** False when there are no results for this dataset. */
  has_results: boolean;
  /** The result passes the verified rule (src/lib/verified.ts). */
  verified: boolean;
  /** The primary judge, whose labels make the rates (provenance.primary_judge). */
  judge: string;
}

/** Datasets present in any summary, in suite order (`order`: the suites' dataset ids, the current suite's first). */
export function datasetsOf(summaries: readonly ResultSummary[], order: readonly string[]): string[] {
  const present = new Set(summaries.flatMap((s) => s.datasets.map((d) => d.dataset)));
  return [...new Set(order)].filter((d) => present.has(d));
}

export function conditionOf(s: ResultSummary, dataset: string, condition: string): ConditionResult | null {
  return s.datasets.find((d) => d.dataset === dataset)?.conditions.find((c) => c.condition === condition) ?? null;
}

/** The sampled condition with the highest temperature (ties: more samples per item). */
export function hottest(conds: readonly ConditionResult[]): ConditionResult | null {
  let best: ConditionResult | null = null;
  for (const c of conds) {
    if (c.temperature <= 0) continue;
    if (!best || c.temperature > best.temperature || (c.temperature === best.temperature && c.samples_per_item > best.samples_per_item)) best = c;
  }
  return best;
}

/**
 * The sampled condition a dataset's "sampled" column shows: the hottest (by numeric temperature) across every model,
 * so one column never mixes conditions; a model that lacks it has no sampled rate there.
 */
export function sampledCondition(summaries: readonly ResultSummary[], dataset: string): string | null {
  return hottest(summaries.flatMap((s) => s.datasets.find((d) => d.dataset === dataset)?.conditions ?? []))?.condition ?? null;
}

/**
 * Every sampled condition of a dataset, the page's default first (`first`: the condition the table ranks by, see
 * rankConditionOf), then by falling temperature. /leaderboard/<d>/ shows the first; the others get their own pages.
 */
export function sampledConditions(summaries: readonly ResultSummary[], dataset: string, first: string | null = sampledCondition(summaries, dataset)): string[] {
  const temps = new Map<string, number>();
  for (const s of summaries) for (const c of s.datasets.find((d) => d.dataset === dataset)?.conditions ?? []) if (c.temperature > 0) temps.set(c.condition, c.temperature);
  return [...temps].sort((a, b) => Number(b[0] === first) - Number(a[0] === first) || b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
}

export interface PendingSubmission { id: string; display_name: string; family: string; total_b: number; active_b: number }

/** Submissions without any result yet: listed on one "queued" line under the table, never as rows. */
export function queuedModels(summaries: readonly ResultSummary[], pending: readonly PendingSubmission[]): PendingSubmission[] {
  const have = new Set(summaries.map((s) => s.submission.id));
  return pending.filter((p) => !have.has(p.id)).sort((a, b) => a.display_name.localeCompare(b.display_name));
}

/**
 * The condition a dataset's table ranks by and shows as "sampled": the suite's rank condition when some model has a
 * follow-up rate under it there, else the hottest sampled condition with one, else greedy.
 */
export function rankConditionOf(summaries: readonly ResultSummary[], dataset: string, suiteRank: string | null): string {
  const measured = summaries.flatMap((s) => s.datasets.find((d) => d.dataset === dataset)?.conditions.filter((c) => c.followup) ?? []);
  if (suiteRank && measured.some((c) => c.condition === suiteRank)) return suiteRank;
  return hottest(measured)?.condition ?? BASELINE_CONDITION;
}

/**
 * Rows for one dataset, models with results only: ranked by rank group on `rankBy` (rankConditionOf), then by its
 * rate; the "sampled" columns show `rankBy` (the hottest sampled condition when ranking by greedy).
 */
export function leaderboardRows(summaries: readonly ResultSummary[], dataset: string, verified: ReadonlySet<string> = new Set(), rankBy = rankConditionOf(summaries, dataset, null)): LbRow[] {
  const hotId = rankBy === BASELINE_CONDITION ? sampledCondition(summaries, dataset) : rankBy;
  const rows: LbRow[] = summaries.map((s) => {
    const d = s.datasets.find((x) => x.dataset === dataset);
    const greedy = d?.conditions.find((c) => c.condition === BASELINE_CONDITION) ?? null;
    const hot = d?.conditions.find((c) => c.condition === hotId) ?? null;
    return {
      id: s.submission.id, name: s.submission.display_name, family: s.submission.family,
      total_b: s.submission.params.total_b, active_b: s.submission.params.active_b,
      greedy: greedy?.followup ?? null, hot_condition: hot?.condition ?? null, hot: hot?.followup ?? null,
      any_k: hot?.any_of_k ?? null, accuracy: d?.accuracy?.strict ?? null,
      unfinished: d?.unfinished ? { n: d.unfinished.n, of: d.unfinished.of } : null,
      labels: greedy ? LABELS.map((l) => greedy.labels[l]) : LABELS.map(() => 0),
      group: null, has_results: !!d, verified: verified.has(s.submission.id), judge: s.provenance.primary_judge,
    };
  });
  const groups = leaderboardGroups(summaries, dataset, rankBy).byId;
  rows.forEach((r) => { r.group = groups.get(r.id) ?? null; });
  const rate = (r: LbRow) => (rankBy === BASELINE_CONDITION ? r.greedy : r.hot)?.value ?? -1;
  rows.sort((a, b) => (a.group ?? 1e9) - (b.group ?? 1e9) || rate(b) - rate(a) || a.name.localeCompare(b.name));
  return rows;
}

/**
 * How many items the table's rates rest on ("n = 40 items", "n = 37–40 items"): the items behind the greedy and sampled
 * follow-up rates of every row (unfinished answers and judge errors make it differ between models); '' without rates.
 */
export function itemsText(rows: readonly LbRow[]): string {
  const ns = rows.flatMap((r) => [r.greedy, r.hot].flatMap((e) => (e ? [e.n] : [])));
  if (ns.length === 0) return '';
  const [lo, hi] = [Math.min(...ns), Math.max(...ns)].map((n) => n.toLocaleString('en-US'));
  return lo === hi ? `n = ${lo} items` : `n = ${lo}–${hi} items`;
}

/**
 * Whose labels the table's rates are: "labels by the judge heuristic:heuristic-v9", or, when the rows' primary judges
 * differ, "labels by each model's primary judge (2 judges: …)"; '' without rows that have results.
 */
export function judgesText(rows: readonly LbRow[]): string {
  const judges = [...new Set(rows.filter((r) => r.has_results).map((r) => r.judge))].sort();
  if (judges.length === 0) return '';
  return judges.length === 1 ? `labels by the judge ${judges[0]}` : `labels by each model's primary judge (${judges.length} judges: ${judges.join(', ')})`;
}

export { SIZE_BUCKETS, type SizeBucket } from './labels.ts';
