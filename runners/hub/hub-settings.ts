import { getHFHubCachePath, HUB_URL } from '@huggingface/hub';
import { isOffline } from './settings.ts';
import { hubToken } from './token.ts';

/** How the Hub is reached, read from the same variables huggingface_hub reads, so one setup serves both. */
export interface HubSettings {
  /** HF_ENDPOINT (a mirror or a private Hub), else https://huggingface.co. */
  endpoint: string;
  /** HF_TOKEN, HUGGING_FACE_HUB_TOKEN or the stored login (token.ts): a Bearer token to the endpoint only, never written. */
  token: string | undefined;
  /** HF_HUB_OFFLINE: no network at all; only what is already cached or local is used. */
  offline: boolean;
  /** HF_HUB_CACHE, else HF_HOME/hub, else ~/.cache/huggingface/hub: the cache huggingface_hub already fills. */
  cacheDir: string;
}

export function hubSettings(env: NodeJS.ProcessEnv = process.env): HubSettings {
  return {
    endpoint: (env.HF_ENDPOINT || HUB_URL).replace(/\/+$/, ''),
    token: hubToken(env), // registered as a secret: it never reaches a file or a log
    offline: isOffline(env),
    cacheDir: getHFHubCachePath(),
  };
}
