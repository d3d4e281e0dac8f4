import type { ResponseCache } from '../../cache/sqlite-cache.ts';
import type { Judge } from '../../core/judge.ts';
import { JudgeConfigError, loadJudgeConfig } from './config.ts';
import { createLlmJudge } from './judge.ts';

/** Load one LLM judge from its config file; throws JudgeConfigError (file: field: message) when invalid. */
export async function loadLlmJudge(path: string, cache: ResponseCache | null = null): Promise<Judge> {
  const r = await loadJudgeConfig(path);
  if (!r.ok) throw new JudgeConfigError(r.errors);
  return createLlmJudge(r.config, { cache });
}
