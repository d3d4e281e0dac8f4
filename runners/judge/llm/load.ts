import type { ResponseCache } from '../../cache/sqlite-cache.ts';
import type { Judge } from '../../core/judge.ts';
import { JudgeConfigError, loadJudgeConfig, type JudgeConfig } from './config.ts';
import { createLlmJudge } from './judge.ts';
import { judgePromptVersions } from './prompt.ts';
import { shownValue } from '../../../src/schema/shown-value.ts';

/**
 * A key variable the config names but the environment lacks (or holds empty): refused before anything is sent, as a
 * real API would answer every verdict 401 and the run would end as all judge_error. No api_key_env: a keyless server.
 */
function keyMissing(config: JudgeConfig, path: string, env: NodeJS.ProcessEnv): JudgeConfigError | null {
  const name = config.api_key_env;
  if (!name || env[name]) return null;
  const message = `the environment variable ${name} is not set (it holds the judge's API key): set it, or remove api_key_env for a server that needs no key`;
  return new JudgeConfigError([{ file: path, field: 'api_key_env', message }]);
}

/** A prompt_version with no prompt file: named in the config, not met later as an internal error. */
function promptMissing(config: JudgeConfig, path: string): JudgeConfigError | null {
  const known = judgePromptVersions();
  if (known.includes(config.prompt_version)) return null;
  return new JudgeConfigError([{ file: path, field: 'prompt_version', message: `no judge prompt ${shownValue(config.prompt_version, ['prompt_version'])}: the versions are ${known.join(', ')}` }]);
}

/** Load one LLM judge from its config file; throws JudgeConfigError (file: field: message) when invalid. */
export async function loadLlmJudge(path: string, cache: ResponseCache | null = null, env: NodeJS.ProcessEnv = process.env): Promise<Judge> {
  const r = await loadJudgeConfig(path);
  if (!r.ok) throw new JudgeConfigError(r.errors);
  const missing = promptMissing(r.config, path) ?? keyMissing(r.config, path, env);
  if (missing) throw missing;
  return createLlmJudge(r.config, { cache, env });
}
