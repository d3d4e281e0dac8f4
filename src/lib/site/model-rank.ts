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

/**
 * The ranks a model could hold given the Holm-corrected pairwise tests (src/lib/metrics/rank-groups.ts): every
 * model significantly better is above it, every model significantly worse below; the rest cannot be told apart.
 */
export function rankInterval(summaries: readonly ResultSummary[], dataset: string, id: string): RankInterval | null {
  const me = summaries.findIndex((s) => s.submission.id === id);
  const { byId, tests } = leaderboardGroups(summaries, dataset);
  if (me < 0 || (byId.get(id) ?? null) === null) return null;
  const of = [...byId.values()].filter((g) => g !== null).length;
  let better = 0, worse = 0;
  for (const t of tests) {
    if (!t.significant || (t.a !== me && t.b !== me)) continue;
    const meAhead = (t.a === me) === (t.direction > 0);
    if (meAhead) worse++; else better++;
  }
  return { best: 1 + better, worst: of - worse, of };
}

export const rankText = (r: RankInterval | null): string =>
  !r ? '—' : r.best === r.worst ? `${r.best} of ${r.of}` : `${r.best}–${r.worst} of ${r.of}`;
