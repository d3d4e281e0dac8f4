import { hash } from 'node:crypto';

/** sha-256 of a string as hex (the one-shot form: a fraction of createHash's cost on short inputs). */
export const sha256Hex = (s: string): string => hash('sha256', s, 'hex');

/**
 * JSON with sorted keys at every level: the same request always serialises to the same text. Every request and
 * stage key is its hash, so the text must never change (tests/unit/cache/key.test.ts pins it); written as loops
 * because a rerun computes ~50k keys and does little else.
 */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  let out: string;
  if (Array.isArray(v)) {
    // A list of strings, numbers, booleans and nulls (a content key's parts, a stop list) is written by
    // JSON.stringify exactly as below: one native call instead of a string built piece by piece.
    if (isPrimitiveList(v)) return JSON.stringify(v);
    out = '[';
    for (let i = 0; i < v.length; i++) out += `${i > 0 ? ',' : ''}${canonicalJson(v[i]) ?? ''}`;
    return `${out}]`;
  }
  const o = v as Record<string, unknown>;
  out = '{';
  // Default sort: UTF-16 code unit order.
  for (const k of Object.keys(o).sort()) {
    const x = o[k];
    if (x === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${canonicalJson(x)}`;
  }
  return `${out}}`;
}

/** A value JSON.stringify writes the same inside a list as on its own (undefined, a function or a symbol is not). */
const isJsonPrimitive = (x: unknown): boolean => x === null || typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean';

/** A list without holes or its own toJSON (JSON.stringify writes a hole as null and calls toJSON), of such values only. */
function isPrimitiveList(v: unknown[]): boolean {
  if ('toJSON' in v) return false;
  for (let i = 0; i < v.length; i++) if (!(i in v) || !isJsonPrimitive(v[i])) return false;
  return true;
}

/**
 * Content address of a request: sha-256 of the canonical request body (model, prompt, decoding params, seed).
 * The body never holds the API key (it travels in a header), and the endpoint URL is left out so that
 * replicas of one model share cached answers.
 */
export const requestKey = (body: unknown): string => sha256Hex(canonicalJson(body));
