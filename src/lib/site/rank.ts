/** Rank groups of the leaderboard from paired exact tests on greedy follow-ups (pure). */
import { BASELINE_CONDITION, type ResultSummary } from '../../schema/index.ts';
import { pairedRankGroups, type PairTest, type RankInput } from '../metrics/rank-groups.ts';

/** A summary's greedy result on a dataset as a rank-test input: counts, plus per-item hits when stored (suite v2). */
export function greedyRankInput(s: ResultSummary, dataset: string): RankInput | null {
  const d = s.datasets.find((x) => x.dataset === dataset);
  const g = d?.conditions.find((c) => c.condition === BASELINE_CONDITION);
  if (!d || !g?.followup || g.n_judged === 0) return null;
  const items = g.item_hits !== undefined && g.item_hits.length === d.item_ids.length ? { ids: d.item_ids, vector: g.item_hits } : null;
  return { hits: g.labels.genuine_followup, trials: g.n_judged, items };
}

type Groups = { byId: Map<string, number | null>; tests: PairTest[] };
// Several pages rank the same loaded summaries (home, per-dataset page, JSON): compute each dataset once per build.
const cache = new WeakMap<readonly ResultSummary[], Map<string, Groups>>();

/** Rank group per submission id (1 + models significantly better, Holm across all pairs), and the tests behind them. */
export function leaderboardGroups(summaries: readonly ResultSummary[], dataset: string): Groups {
  const perSet = cache.get(summaries) ?? cache.set(summaries, new Map()).get(summaries)!;
  const hit = perSet.get(dataset);
  if (hit) return hit;
  const { groups, tests } = pairedRankGroups(summaries.map((s) => greedyRankInput(s, dataset)));
  const out = { byId: new Map(summaries.map((s, i) => [s.submission.id, groups[i] ?? null])), tests };
  perSet.set(dataset, out);
  return out;
}
