import { createHeuristicJudge, createJudgePanel, JudgeConfigError } from '../judge/index.ts';
import type { Judge } from '../core/judge.ts';

/**
 * The one judge named by `--judge-config FILE` (an LLM judge) or, without it, the heuristic judge.
 * A bad config file is reported (file and field) and gives null: the command exits 2.
 */
export async function judgeFromFlags(flags: { judgeConfig?: string; cache?: string; noCache?: boolean }): Promise<Judge | null> {
  if (!flags.judgeConfig) return createHeuristicJudge();
  try {
    const panel = await createJudgePanel({ judgeConfigs: [flags.judgeConfig], includeHeuristic: false, cachePath: flags.noCache ? null : flags.cache });
    return panel[0] as Judge;
  } catch (e) {
    if (e instanceof JudgeConfigError) {
      console.error(e.message);
      return null;
    }
    throw e;
  }
}
