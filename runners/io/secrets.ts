/**
 * Every secret value the process knows (API keys, judge keys, the HF token, credentials in URLs), and `redact`,
 * which every writer of samples, summaries, cache rows, logs and PR comments applies to what it writes. Error
 * bodies from servers can echo request headers, so scrubbing URLs alone is not enough: the values themselves go.
 */
const secrets = new Set<string>();

/** Shorter values are not treated as secrets: redacting "a" or "none" would garble ordinary text. */
const MIN_SECRET_LENGTH = 6;

/**
 * Nor is a plain word or number under 16 characters ("answer", "format", "123456"), for the same reason: it occurs
 * in ordinary text, and replacing it there alters what is written. A review on 2026-11-26 set USERTURN_API_KEY=format
 * and every samples line lost its `format` field; with `answer`, stored answers read "The [redacted] is 6." and were
 * scored by another rule. Real keys mix letters with digits or symbols, or are longer.
 */
export const tooPlainForSecret = (value: string): boolean => value.length < MIN_SECRET_LENGTH || (value.length < 16 && /^(?:\p{L}+|\p{N}+)$/u.test(value));

/** Environment variables that hold secrets the runner may use. */
const SECRET_ENV = ['USERTURN_API_KEY', 'HF_TOKEN', 'HUGGING_FACE_HUB_TOKEN', 'GITHUB_TOKEN', 'GH_TOKEN'];

export const REDACTED = '[redacted]';

/** The note a run logs when its API key is too plain to be scrubbed from what it writes (a plain word or number), else null. */
export const plainKeyNote = (value: string | undefined): string | null =>
  value && value.length >= MIN_SECRET_LENGTH && tooPlainForSecret(value)
    ? 'note: USERTURN_API_KEY is a plain word or number, so it is not scrubbed from what the run writes (that would alter every answer holding it); if it is a real secret, use a longer key'
    : null;

/** Remember a secret value (and its JSON- and URL-encoded spellings, in which it may be echoed). */
export function registerSecret(value: string | undefined | null): void {
  if (!value || tooPlainForSecret(value)) return;
  longestFirst = null;
  for (const form of [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]) if (form.length >= MIN_SECRET_LENGTH) secrets.add(form);
  try {
    const decoded = decodeURIComponent(value);
    if (decoded.length >= MIN_SECRET_LENGTH) secrets.add(decoded);
  } catch {
    // not URL-encoded
  }
}

/**
 * Register the user:password and query values of a URL (the URL itself is not secret), and the Basic auth value they
 * are sent as (base64 of user:password): a server that echoes the Authorization header echoes that form (a review
 * found it in published samples).
 */
export function registerUrlSecrets(url: string): void {
  try {
    const u = new URL(url);
    registerSecret(u.password);
    if (u.password) registerSecret(u.username);
    // Whatever it looks like (a base64 value of letters only is not a plain word a text holds by chance), if not short.
    const basic = Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64');
    if ((u.username || u.password) && basic.length >= MIN_SECRET_LENGTH) {
      secrets.add(basic);
      longestFirst = null;
    }
    for (const v of u.searchParams.values()) registerSecret(v);
  } catch {
    // not a URL: nothing to register
  }
}

/** Register the secret environment variables (and any named in `extra`, e.g. judge configs' api_key_env). */
export function registerEnvSecrets(env: NodeJS.ProcessEnv = process.env, extra: string[] = []): void {
  for (const name of [...SECRET_ENV, ...extra]) registerSecret(env[name]);
}

/** The secrets longest first, sorted once per registration rather than on every redact (one per answer and line). */
let longestFirst: string[] | null = null;

/** The text with every registered secret replaced by [redacted] (longest first, so no part of one survives). */
export function redact(text: string): string {
  if (secrets.size === 0 || text === '') return text;
  longestFirst ??= [...secrets].sort((a, b) => b.length - a.length);
  let out = text;
  for (const s of longestFirst) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

/** Whether the text holds a registered secret (a writer that must not redact a value, a cache's, leaves it unwritten). */
export function containsSecret(text: string): boolean {
  if (secrets.size === 0) return false;
  for (const s of secrets) if (text.includes(s)) return true;
  return false;
}

/** Every registered secret value in every spelling (to check text written before one was registered). */
export const registeredSecrets = (): string[] => [...secrets];

/** Tests only: forget every registered secret. */
export function clearSecrets(): void {
  secrets.clear();
  longestFirst = null;
}
