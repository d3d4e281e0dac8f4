/**
 * The one reader of the project's YAML and JSON documents, without file IO: validate (runners/io/load-document.ts)
 * and the site build (src/data/submissions.ts) both parse with it, so whatever one accepts the other reads the same.
 */
import { parseDocument } from 'yaml';

/** Files larger than this are refused before parsing. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** Alias expansion budget: a billion-laughs document fails instead of exploding. */
const MAX_ALIAS_COUNT = 100;

export type LoadResult = { ok: true; data: unknown; text: string } | { ok: false; message: string };

/** Decode strict UTF-8; a BOM is dropped. */
export function decodeUtf8(buf: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buf);
  } catch {
    return null;
  }
}

/**
 * The dotted path of the first `__proto__` key in parsed data, or null. Both parsers keep it as an own key, but a
 * later copy of the object (zod's records, a spread) turns it into the object's prototype and drops it silently: a
 * review's `template_kwargs: {__proto__: {…}}` validated ok and vanished. So no document may use it.
 */
function protoKeyPath(v: unknown, path: string): string | null {
  if (!v || typeof v !== 'object') return null;
  if (Object.hasOwn(v, '__proto__')) return path ? `${path}.__proto__` : '__proto__';
  for (const [k, x] of Object.entries(v)) {
    const found = protoKeyPath(x, path ? `${path}.${k}` : k);
    if (found) return found;
  }
  return null;
}

const protoProblem = (data: unknown): LoadResult | null => {
  const at = protoKeyPath(data, '');
  return at ? { ok: false, message: `${at}: "__proto__" is not allowed as a key` } : null;
};

/**
 * Parse YAML or JSON text safely: YAML 1.2 core schema only, no custom tags, duplicate keys rejected,
 * alias expansion bounded, no `__proto__` key. Returns a message instead of throwing.
 */
export function parseDocumentText(text: string, kind: 'yaml' | 'json'): LoadResult {
  if (text.trim() === '') return { ok: false, message: 'file is empty' };
  if (kind === 'json') {
    try {
      const data: unknown = JSON.parse(text);
      return protoProblem(data) ?? { ok: true, data, text };
    } catch (e) {
      return { ok: false, message: `invalid JSON: ${(e as Error).message}` };
    }
  }
  const doc = parseDocument(text, { schema: 'core', customTags: [], uniqueKeys: true, prettyErrors: true, strict: true });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem) {
    const pos = problem.linePos?.[0];
    const where = pos ? ` (line ${pos.line}, column ${pos.col})` : '';
    const msg = (problem.message.split('\n')[0] ?? problem.message).replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, message: `invalid YAML${where}: ${/tag/i.test(problem.code) || /tag/i.test(msg) ? 'custom tags are not allowed: ' : ''}${msg}` };
  }
  try {
    const data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    if (data === null || data === undefined) return { ok: false, message: 'file is empty' };
    return protoProblem(data) ?? { ok: true, data, text };
  } catch (e) {
    return { ok: false, message: `invalid YAML: ${(e as Error).message}` };
  }
}

/** Parse the bytes of a file (named for its extension: `.json` is JSON, anything else YAML) with the size and encoding checks. */
export function parseDocumentBytes(buf: Uint8Array, path: string): LoadResult {
  if (buf.length > MAX_DOCUMENT_BYTES) return { ok: false, message: `file is ${buf.length} bytes; the limit is ${MAX_DOCUMENT_BYTES} (1 MiB)` };
  if (buf.length === 0) return { ok: false, message: 'file is empty' };
  const text = decodeUtf8(buf);
  if (text === null) return { ok: false, message: 'file is not valid UTF-8' };
  return parseDocumentText(text, path.endsWith('.json') ? 'json' : 'yaml');
}
