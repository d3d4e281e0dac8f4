/** Hub settings that need no Hub library (hub-settings.ts has the rest): dataset downloads use these too. */

/** The values huggingface_hub accepts as true for its boolean variables. */
const TRUE_VALUES = new Set(['1', 'on', 'yes', 'true']);

/**
 * The variable that turns offline mode on, or null. As huggingface_hub/constants.py: HF_HUB_OFFLINE, else (unset or
 * empty) TRANSFORMERS_OFFLINE, so a host set up for transformers or vLLM with TRANSFORMERS_OFFLINE=1 makes no request.
 */
export function offlineVariable(env: NodeJS.ProcessEnv = process.env): 'HF_HUB_OFFLINE' | 'TRANSFORMERS_OFFLINE' | null {
  const name = env.HF_HUB_OFFLINE ? 'HF_HUB_OFFLINE' : 'TRANSFORMERS_OFFLINE';
  return TRUE_VALUES.has((env[name] ?? '').trim().toLowerCase()) ? name : null;
}

/** The host of a URL, for messages (never the URL's credentials). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The reason a request failed, short: the network error code (ENOTFOUND, ECONNREFUSED…) or the message. */
export function causeOf(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  return err.cause?.code ?? err.cause?.message ?? err.message ?? String(e);
}
