/** A model's rank on a dataset with its interval, from the leaderboard's pairwise tests (pure). */
import type { ResultSummary } from '../../schema/index.ts';
import { rankConditionOf } from './leaderboard.ts';
import { leaderboardGroups } from './rank.ts';

export interface RankInterval {
  /** 1 + models significantly better: the leaderboard's rank group and the best rank the tests allow. */
  best: number;
  /** Ranked models − models significantly worse: the worst rank the tests allow. */
  worst: number;
  /** Models ranked on this dataset. */
  of: number;
}

// Every model page asks for its own and its family's intervals: one pass over the pairwise tests per dataset and build.
const cache = new WeakMap<readonly ResultSummary[], Map<string, Map<string, RankInterval>>>();

function intervals(summaries: readonly ResultSummary[], dataset: string, rankBy: string): Map<string, RankInterval> {
  const perSet = cache.get(summaries) ?? cache.set(summaries, new Map()).get(summaries)!;
  const key = `${dataset}\u0000${rankBy}`;
  const hit = perSet.get(key);
  if (hit) return hit;
  const { byId, tests } = leaderboardGroups(summaries, dataset, rankBy);
  const of = [...byId.values()].filter((g) => g !== null).length;
  const better = new Map<number, number>();
  const worse = new Map<number, number>();
  const add = (m: Map<number, number>, i: number) => m.set(i, (m.get(i) ?? 0) + 1);
  for (const t of tests) {
    if (!t.significant) continue;
    const [ahead, behind] = t.direction > 0 ? [t.a, t.b] : [t.b, t.a];
    add(worse, ahead); add(better, behind);
  }
  const out = new Map<string, RankInterval>();
  summaries.forEach((s, i) => {
    if ((byId.get(s.submission.id) ?? null) === null) return;
    out.set(s.submission.id, { best: 1 + (better.get(i) ?? 0), worst: of - (worse.get(i) ?? 0), of });
  });
  perSet.set(key, out);
  return out;
}

/**
 * The ranks a model could hold given the Holm-corrected pairwise tests (src/lib/metrics/rank-groups.ts): every
 * model significantly better is above it, every model significantly worse below; the rest cannot be told apart.
 * `rankBy` is the condition the tests compare, as on the leaderboard: pass `rankConditionOf(summaries, dataset,
 * suiteRankCondition)` so the model page and the leaderboard rank by the same condition (the default, without the
 * suite's, is the leaderboard's own default: the hottest sampled condition, else greedy).
 */
export function rankInterval(summaries: readonly ResultSummary[], dataset: string, id: string, rankBy = rankConditionOf(summaries, dataset, null)): RankInterval | null {
  return intervals(summaries, dataset, rankBy).get(id) ?? null;
}

export const rankText = (r: RankInterval | null): string =>
  !r ? '—' : r.best === r.worst ? `${r.best} of ${r.of}` : `${r.best}–${r.worst} of ${r.of}`;
