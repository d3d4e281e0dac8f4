import { createHeuristicJudge, createJudgePanel } from '../judge/index.ts';
import type { Judge } from '../core/judge.ts';

/**
 * The one judge named by `--judge-config FILE` (an LLM judge) or, without it, the heuristic judge.
 * A bad config file throws JudgeConfigError (file and field; exit 1, as in every command).
 */
export async function judgeFromFlags(judgeConfig: string | undefined, cachePath: string | null | undefined): Promise<Judge> {
  if (!judgeConfig) return createHeuristicJudge();
  const panel = await createJudgePanel({ judgeConfigs: [judgeConfig], includeHeuristic: false, cachePath });
  return panel[0] as Judge;
}
