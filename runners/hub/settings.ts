/** Hub settings that need no Hub library (hub-settings.ts has the rest): dataset downloads use these too. */

/** The values huggingface_hub accepts as true for its boolean variables. */
const TRUE_VALUES = new Set(['1', 'on', 'yes', 'true']);

export function isOffline(env: NodeJS.ProcessEnv = process.env): boolean {
  return TRUE_VALUES.has((env.HF_HUB_OFFLINE ?? '').trim().toLowerCase());
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
