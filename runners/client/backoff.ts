/** Server-requested wait from `retry-after-ms` (ms) or `retry-after` (seconds or an HTTP date); null when absent. */
export function retryAfterMs(headers: Headers | undefined | null, now = Date.now()): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '' && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const ra = headers.get('retry-after');
  if (ra === null || ra.trim() === '') return null;
  if (Number.isFinite(Number(ra))) return Math.max(0, Number(ra) * 1000);
  const at = Date.parse(ra);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface BackoffOptions {
  baseMs: number;
  maxMs: number;
}

/** A server may ask for a long pause, but never for more than this per retry. */
export const MAX_SERVER_WAIT_MS = 120_000;

/**
 * Wait before retry number `attempt` (1-based): the server's retry-after when given (capped, plus a little
 * jitter so a burst of 429s does not come back in lockstep), else exponential backoff with full jitter.
 */
export function backoffMs(attempt: number, serverMs: number | null, opts: BackoffOptions, rand: () => number = Math.random): number {
  if (serverMs !== null) return Math.min(serverMs, MAX_SERVER_WAIT_MS) + rand() * Math.min(250, opts.baseMs);
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** (attempt - 1));
  return ceiling / 2 + (rand() * ceiling) / 2;
}
