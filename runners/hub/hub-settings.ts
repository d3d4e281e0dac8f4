import { HUB_URL } from '@huggingface/hub';
import { hubCacheDir } from './hf-paths.ts';
import { offlineVariable } from './settings.ts';
import { hubToken } from './token.ts';

/** How the Hub is reached, read from the same variables huggingface_hub reads, so one setup serves both. */
export interface HubSettings {
  /** HF_ENDPOINT (a mirror or a private Hub), else https://huggingface.co. */
  endpoint: string;
  /** HF_TOKEN, HUGGING_FACE_HUB_TOKEN or the stored login (token.ts): a Bearer token to the endpoint only, never written. */
  token: string | undefined;
  /** The variable that set offline mode (HF_HUB_OFFLINE, else TRANSFORMERS_OFFLINE), or null: offline, no network at all. */
  offline: 'HF_HUB_OFFLINE' | 'TRANSFORMERS_OFFLINE' | null;
  /** HF_HUB_CACHE, else HF_HOME/hub, else ~/.cache/huggingface/hub (hf-paths.ts): the cache huggingface_hub already fills. */
  cacheDir: string;
}

export function hubSettings(env: NodeJS.ProcessEnv = process.env): HubSettings {
  return {
    endpoint: (env.HF_ENDPOINT || HUB_URL).replace(/\/+$/, ''),
    token: hubToken(env), // registered as a secret: it never reaches a file or a log
    offline: offlineVariable(env),
    cacheDir: hubCacheDir(env),
  };
}
