import type { Judge } from './types.ts';

export type { Judge, JudgeInput } from './types.ts';

/** How a run chooses its judges: the heuristic judge alone (offline default) or LLM judges from config files. */
export interface JudgePanelOptions {
  /** Paths of judge config YAML files; empty means the heuristic judge only. */
  judgeConfigs: string[];
  /** Include the heuristic judge as a cross-check even when LLM judges are configured. */
  includeHeuristic: boolean;
}

/**
 * Build the panel of judges for a run; the first judge is the primary one.
 * CONTRACT STUB: the judge issue replaces this body (heuristic judge, LLM judges from config).
 */
export async function createJudgePanel(options: JudgePanelOptions): Promise<Judge[]> {
  void options;
  throw new Error('judge panel not implemented yet');
}
