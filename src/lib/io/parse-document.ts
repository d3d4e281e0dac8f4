/**
 * The one reader of the project's YAML and JSON documents, without file IO: validate (runners/io/load-document.ts)
 * and the site build (src/data/submissions.ts) both parse with it, so whatever one accepts the other reads the same.
 */
import { Lexer, LineCounter, isAlias, isMap, isPair, isScalar, isSeq, parseDocument, type Document } from 'yaml';
import { appendPath } from '../../schema/field-path.ts';

/** Files larger than this are refused before parsing. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** Alias expansion budget: a billion-laughs document fails instead of exploding. */
const MAX_ALIAS_COUNT = 100;
/**
 * Collections nested deeper than this are refused (the deepest userturn file, a JSON schema, has 13 levels). The
 * parsers recursed until V8's stack ran out: "Maximum call stack size exceeded" at a position that moved with the
 * stack left, after 1.2 GB and 3.5 s for a 1 MiB file of "[".
 */
export const MAX_NESTING = 64;
const TOO_DEEP = `nested more than ${MAX_NESTING} levels deep (a userturn file needs a few)`;
/**
 * YAML tokens (values, indicators, spaces and line breaks, as the parser's lexer splits them) a document may hold: the
 * largest userturn file, a suite, has some 2,500. The parser keeps the whole syntax tree and a node per value, some
 * 300 bytes a token: validate peaked at 500 MB for a 1 MiB file of "- a" lines, 830 MB for one flow list of numbers.
 */
export const MAX_YAML_TOKENS = 100_000;
const TOO_MANY_TOKENS = `more than ${MAX_YAML_TOKENS.toLocaleString('en-US')} tokens (a userturn file has a few thousand)`;

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
 * What parsed data may not hold, or null: nesting deeper than MAX_NESTING, or a `__proto__` key (its path).
 * Both parsers keep `__proto__` as an own key, but a later copy of the object (zod's records, a spread) turns it into
 * the object's prototype and drops it silently: a review's `template_kwargs: {__proto__: {…}}` validated ok and
 * vanished. So no document may use it. Walked with a stack of its own, in document order: no recursion to run out of.
 */
function dataProblem(data: unknown): string | null {
  const todo: Array<{ v: unknown; path: string; depth: number }> = [{ v: data, path: '', depth: 0 }];
  while (todo.length > 0) {
    const { v, path, depth } = todo.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth >= MAX_NESTING) return TOO_DEEP;
    if (Object.hasOwn(v, '__proto__')) return `${appendPath(path, '__proto__')}: "__proto__" is not allowed as a key`;
    const entries = Object.entries(v);
    const list = Array.isArray(v);
    for (let i = entries.length - 1; i >= 0; i--) todo.push({ v: entries[i]![1], path: appendPath(path, list ? i : entries[i]![0]), depth: depth + 1 });
  }
  return null;
}

/**
 * What the lexer's tokens say the parser should not be given, or null: flow collections (`[`, `{`; none in strings or
 * comments) nested deeper than MAX_NESTING, or more than MAX_YAML_TOKENS tokens. Read before parsing, in one pass
 * that stops at the first problem.
 */
function lexedProblem(text: string): string | null {
  let depth = 0;
  let tokens = 0;
  for (const token of new Lexer().lex(text)) {
    if (token === '[' || token === '{') {
      if (++depth > MAX_NESTING) return TOO_DEEP;
    } else if (token === ']' || token === '}') depth--;
    if (++tokens > MAX_YAML_TOKENS) return TOO_MANY_TOKENS;
  }
  return null;
}

/**
 * The first key that repeats an earlier key of its mapping, or that is no plain text: where it is and what is wrong,
 * or null. The parser's own check compared every key with every earlier one (a 1 MiB mapping took 117 s); this one
 * keeps a set per mapping. Keys compare as the data will hold them (`1` and `"1"` are one key of an object, and so
 * are `~` and `""`: the parser let the second replace the first silently). An alias or a collection as a key is
 * refused: its text is not the key the data gets, so `*k : Qwen` with `&k display_name` earlier replaced the
 * display_name a reviewer reads two lines up, past this check.
 */
function keyProblem(doc: Document): { at: number; message: string } | null {
  let first: { at: number; message: string } | null = null;
  const note = (at: number, message: string) => {
    if (first === null || at < first.at) first = { at, message };
  };
  const todo: unknown[] = [doc.contents];
  while (todo.length > 0) {
    const node = todo.pop();
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (isScalar(pair.key)) {
          const key = pair.key.value === null ? '' : String(pair.key.value);
          if (seen.has(key)) note(pair.key.range?.[0] ?? 0, 'Map keys must be unique');
          seen.add(key);
        } else if (pair.key !== null) {
          const at = (pair.key as { range?: [number] }).range?.[0] ?? 0;
          note(at, isAlias(pair.key) ? 'a key may not be an alias (*name): write the key itself' : 'a key must be plain text, not a list or mapping');
        }
        todo.push(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) todo.push(...(isPair(item) ? [item.key, item.value] : [item]));
    }
  }
  return first;
}

/**
 * The offset of the first key of a valid JSON text that repeats an earlier key of its object, or -1. JSON.parse keeps
 * the last silently, so a reviewer reading `"display_name": "A"` could publish the "B" given for it further down.
 */
function jsonDuplicateKeyOffset(text: string): number {
  const objects: Array<Set<string> | null> = []; // a key set per open object, null for an open array
  let keyNext = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (!keyNext) continue;
      const key = JSON.parse(text.slice(start, i + 1)) as string;
      const keys = objects.at(-1)!;
      if (keys.has(key)) return start;
      keys.add(key);
      keyNext = false;
    } else if (c === '{' || c === '[') {
      objects.push(c === '{' ? new Set() : null);
      keyNext = c === '{';
    } else if (c === '}' || c === ']') objects.pop();
    else if (c === ',') keyNext = objects.at(-1) instanceof Set;
  }
  return -1;
}

const isStackOverflow = (e: unknown): boolean => /Maximum call stack size exceeded/.test(String((e as Error)?.message ?? e));

/** Parsed data, or what it may not hold (too deep is said as the parser's own errors are: "invalid JSON: …"). */
function checkedData(data: unknown, text: string, format: 'JSON' | 'YAML'): LoadResult {
  const problem = dataProblem(data);
  if (problem === null) return { ok: true, data, text };
  return { ok: false, message: problem === TOO_DEEP ? `invalid ${format}: ${TOO_DEEP}` : problem };
}

/**
 * Parse YAML or JSON text safely: YAML 1.2 core schema only, no custom tags, duplicate keys rejected,
 * alias expansion bounded, no `__proto__` key. Returns a message instead of throwing.
 */
export function parseDocumentText(text: string, kind: 'yaml' | 'json'): LoadResult {
  if (text.trim() === '') return { ok: false, message: 'file is empty' };
  if (kind === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      return { ok: false, message: `invalid JSON: ${isStackOverflow(e) ? TOO_DEEP : (e as Error).message}` };
    }
    const duplicate = jsonDuplicateKeyOffset(text);
    if (duplicate >= 0) {
      const before = text.slice(0, duplicate).split('\n');
      return { ok: false, message: `invalid JSON (line ${before.length}, column ${before.at(-1)!.length + 1}): keys must be unique in an object` };
    }
    return checkedData(data, text, 'JSON');
  }
  // Flow collections are counted before parsing (the parser recursed into each); block nesting costs a line of
  // indentation per level, so a file holds few enough levels for the parser, and the data is counted after.
  const lexed = lexedProblem(text);
  if (lexed !== null) return { ok: false, message: `invalid YAML: ${lexed}` };
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { schema: 'core', customTags: [], uniqueKeys: false, prettyErrors: true, strict: true, lineCounter });
  const problem = doc.errors[0] ?? doc.warnings[0];
  if (problem && isStackOverflow(problem.message)) return { ok: false, message: `invalid YAML: ${TOO_DEEP}` };
  if (problem) {
    const pos = problem.linePos?.[0];
    const where = pos ? ` (line ${pos.line}, column ${pos.col})` : '';
    const msg = (problem.message.split('\n')[0] ?? problem.message).replace(/ at line \d+, column \d+:?$/, '');
    return { ok: false, message: `invalid YAML${where}: ${/tag/i.test(problem.code) || /tag/i.test(msg) ? 'custom tags are not allowed: ' : ''}${msg}` };
  }
  const badKey = keyProblem(doc);
  if (badKey !== null) {
    const pos = lineCounter.linePos(badKey.at);
    return { ok: false, message: `invalid YAML (line ${pos.line}, column ${pos.col}): ${badKey.message}` };
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (e) {
    return { ok: false, message: `invalid YAML: ${isStackOverflow(e) ? TOO_DEEP : (e as Error).message}` };
  }
  if (data === null || data === undefined) return { ok: false, message: 'file is empty' };
  return checkedData(data, text, 'YAML');
}

/** Parse the bytes of a file (named for its extension: `.json` is JSON, anything else YAML) with the size and encoding checks. */
export function parseDocumentBytes(buf: Uint8Array, path: string): LoadResult {
  if (buf.length > MAX_DOCUMENT_BYTES) return { ok: false, message: `file is ${buf.length} bytes; the limit is ${MAX_DOCUMENT_BYTES} (1 MiB)` };
  if (buf.length === 0) return { ok: false, message: 'file is empty' };
  // NUL is valid UTF-8 but no YAML or JSON text holds one raw; a file of them read as one string, so the schema
  // answered "(root): … received string" about a file that is no text at all.
  if (buf.includes(0)) return { ok: false, message: 'file is not a text file (NUL bytes)' };
  const text = decodeUtf8(buf);
  if (text === null) return { ok: false, message: 'file is not valid UTF-8' };
  return parseDocumentText(text, path.endsWith('.json') ? 'json' : 'yaml');
}
