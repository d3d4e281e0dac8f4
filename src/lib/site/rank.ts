/** Rank groups of the leaderboard from exact tests on the follow-up rate of one condition (pure). */
import { BASELINE_CONDITION, parseItemCounts, type ResultSummary } from '../../schema/index.ts';
import { pairedRankGroups, type PairTest, type RankInput } from '../metrics/rank-groups.ts';

/**
 * A summary's result on a dataset × condition as a rank-test input. One user turn per item (greedy): the counts,
 * plus per-item hits when stored (suite v2) for paired tests. Several per item (sampled): per-item counts when
 * stored (suite v2), for the paired test on per-item rates; for the unpaired fallback (and results without them)
 * the counts are scaled down to one trial per item (hits = rate × items), since the samples of an item are not
 * independent and the design effect of k samples per item is at most k.
 */
export function rankInput(s: ResultSummary, dataset: string, condition: string = BASELINE_CONDITION): RankInput | null {
  const d = s.datasets.find((x) => x.dataset === dataset);
  const c = d?.conditions.find((x) => x.condition === condition);
  if (!d || !c?.followup || c.n_judged === 0) return null;
  if (c.samples_per_item > 1) {
    const n = c.followup.n;
    const items = c.item_counts !== undefined ? parseItemCounts(c.item_counts) : [];
    const counts = items.length > 0 && items.length === d.item_ids.length ? { ids: d.item_ids, items } : null;
    return { hits: Math.round(c.followup.value * n), trials: n, items: null, counts };
  }
  const items = c.item_hits !== undefined && c.item_hits.length === d.item_ids.length ? { ids: d.item_ids, vector: c.item_hits } : null;
  return { hits: c.labels.genuine_followup, trials: c.n_judged, items };
}

type Groups = { byId: Map<string, number | null>; tests: PairTest[] };
// Several pages rank the same loaded summaries (home, per-dataset page, JSON): compute each dataset once per build.
const cache = new WeakMap<readonly ResultSummary[], Map<string, Groups>>();

/** Rank group per submission id (1 + models significantly better, Holm across all pairs), and the tests behind them. */
export function leaderboardGroups(summaries: readonly ResultSummary[], dataset: string, condition: string = BASELINE_CONDITION): Groups {
  const perSet = cache.get(summaries) ?? cache.set(summaries, new Map()).get(summaries)!;
  const key = `${dataset}\u0000${condition}`;
  const hit = perSet.get(key);
  if (hit) return hit;
  const { groups, tests } = pairedRankGroups(summaries.map((s) => rankInput(s, dataset, condition)));
  const out = { byId: new Map(summaries.map((s, i) => [s.submission.id, groups[i] ?? null])), tests };
  perSet.set(key, out);
  return out;
}
