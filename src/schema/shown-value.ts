import { secretKind } from './secret-like.ts';
import { visibleText } from './text.ts';
import { redactUrlsIn } from './url-redact.ts';

/** How much of a value an error message quotes (characters of its JSON text). */
export const MAX_SHOWN_CHARS = 60;

/** Words of a field name that say it may hold a key (a judge config's api_key_env, an `api_key:` anywhere). */
const SECRET_WORDS = new Set(['key', 'apikey', 'token', 'secret', 'password', 'passwd', 'auth', 'authorization', 'credential', 'credentials', 'bearer', 'cookie']);

const secretField = (path: readonly PropertyKey[]): boolean =>
  path.some((seg) => typeof seg === 'string' && seg.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/).some((w) => SECRET_WORDS.has(w)));

const jsonText = (value: unknown): string => {
  if (typeof value === 'number') return String(value); // NaN and Infinity as YAML gave them, not JSON's null
  try {
    return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'string' ? redactUrlsIn(v) : v)) ?? String(value);
  } catch {
    return '(a value that cannot be written out)';
  }
};

/**
 * A value from a document as an error message quotes it: its JSON text with URLs' credentials and query strings
 * left out, cut to MAX_SHOWN_CHARS, control and invisible characters escaped (a message is printed and posted on a
 * pull request). A value that may be a key (under a field named like one, or looking like one) is not quoted: the
 * text says why instead.
 */
export function shownValue(value: unknown, path: readonly PropertyKey[]): string {
  if (secretField(path)) return '(not shown: the field may hold a key)';
  const text = jsonText(value);
  const kind = secretKind(text);
  if (kind) return `(not shown: it looks like ${kind})`;
  const chars = Array.from(text);
  return visibleText(chars.length > MAX_SHOWN_CHARS ? `${chars.slice(0, MAX_SHOWN_CHARS - 1).join('')}…` : text);
}
