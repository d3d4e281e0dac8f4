import { hash } from 'node:crypto';

/** sha-256 of a string as hex (the one-shot form: a fraction of createHash's cost on short inputs). */
export const sha256Hex = (s: string): string => hash('sha256', s, 'hex');

/** JSON with sorted keys at every level: the same request always serialises to the same text. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
}

/**
 * Content address of a request: sha-256 of the canonical request body (model, prompt, decoding params, seed).
 * The body never holds the API key (it travels in a header), and the endpoint URL is left out so that
 * replicas of one model share cached answers.
 */
export const requestKey = (body: unknown): string => sha256Hex(canonicalJson(body));
