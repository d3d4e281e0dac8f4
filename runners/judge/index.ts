import { join } from 'node:path';
import { createHeuristicJudge } from './heuristic/judge.ts';
import { defaultCacheRoot } from '../core/defaults.ts';
import type { Judge } from '../core/judge.ts';

export type { Judge, JudgeInput } from '../core/judge.ts';
export { createHeuristicJudge } from './heuristic/judge.ts';
export { JudgeConfigError } from './llm/config.ts';

/** How a run chooses its judges: the heuristic judge alone (offline default) or LLM judges from config files. */
export interface JudgePanelOptions {
  /** Paths of judge config YAML files; empty means the heuristic judge only. */
  judgeConfigs: string[];
  /** Include the heuristic judge as a cross-check even when LLM judges are configured. */
  includeHeuristic: boolean;
  /**
   * Where LLM verdicts are cached (the request cache, SQLite). Default: $USERTURN_CACHE_DIR/requests.sqlite
   * (or ~/.cache/userturn/requests.sqlite); null keeps them in memory for this process only.
   */
  cachePath?: string | null;
}

/**
 * Build the panel of judges for a run; the first judge is the primary one.
 * No configs → the heuristic judge alone. With configs → the LLM judges in the given order (the first is primary),
 * then the heuristic judge as a cross-check when `includeHeuristic` is set.
 * Throws JudgeConfigError (every `file: field: message`) when a judge config is invalid: a run must not start
 * with a broken judge.
 */
export async function createJudgePanel(options: JudgePanelOptions): Promise<Judge[]> {
  if (options.judgeConfigs.length === 0) return [createHeuristicJudge()];
  const { loadLlmJudge } = await import('./llm/load.ts');
  const { memoryCache, openSqliteCache } = await import('../cache/sqlite-cache.ts');
  const cachePath = options.cachePath === undefined ? join(defaultCacheRoot(), 'requests.sqlite') : options.cachePath;
  const cache = cachePath === null ? memoryCache() : openSqliteCache(cachePath);
  const judges: Judge[] = [];
  for (const path of options.judgeConfigs) judges.push(await loadLlmJudge(path, cache));
  if (options.includeHeuristic) judges.push(createHeuristicJudge());
  const ids = new Set<string>();
  for (const j of judges) {
    if (ids.has(j.stamp.id)) throw new Error(`judge panel: two judges share the id "${j.stamp.id}"`);
    ids.add(j.stamp.id);
  }
  return judges;
}
