/** A model's rank on a dataset with its interval, from the leaderboard's pairwise tests (pure). */
import type { ResultSummary } from '../../schema/index.ts';
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

function intervals(summaries: readonly ResultSummary[], dataset: string): Map<string, RankInterval> {
  const perSet = cache.get(summaries) ?? cache.set(summaries, new Map()).get(summaries)!;
  const hit = perSet.get(dataset);
  if (hit) return hit;
  const { byId, tests } = leaderboardGroups(summaries, dataset);
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
  perSet.set(dataset, out);
  return out;
}

/**
 * The ranks a model could hold given the Holm-corrected pairwise tests (src/lib/metrics/rank-groups.ts): every
 * model significantly better is above it, every model significantly worse below; the rest cannot be told apart.
 */
export function rankInterval(summaries: readonly ResultSummary[], dataset: string, id: string): RankInterval | null {
  return intervals(summaries, dataset).get(id) ?? null;
}

export const rankText = (r: RankInterval | null): string =>
  !r ? '—' : r.best === r.worst ? `${r.best} of ${r.of}` : `${r.best}–${r.worst} of ${r.of}`;
