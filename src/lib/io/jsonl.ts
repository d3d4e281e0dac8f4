/**
 * The project's one JSONL format. Lines end at "\n" only (a "\r" before it is dropped). Writers escape U+2028 and
 * U+2029: JSON allows them raw, but line readers such as node:readline (and JavaScript source) treat them as line
 * breaks, which cut a sample in two. Lone surrogates are escaped by JSON.stringify itself (well-formed JSON.stringify).
 */

/** One JSON value as one JSONL line, without the trailing newline. */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(/[\u2028\u2029]/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
}

/** Many values as JSONL text: one line each, every line ending in "\n"; empty text for no values. */
export function jsonlText(values: Iterable<unknown>): string {
  let out = '';
  for (const v of values) out += `${jsonLine(v)}\n`;
  return out;
}

export interface JsonlLine {
  /** 1-based line number in the file. */
  line: number;
  text: string;
}

/** The longest line the format holds: validate and the site build refuse longer ones. */
export const MAX_JSONL_LINE_CHARS = 1024 * 1024;

/**
 * Split a stream of text chunks into lines at "\n" only (never at U+2028/U+2029, "\r" alone, or other Unicode
 * line separators). Blank lines are skipped; line numbers still count them.
 *
 * A line longer than `maxLineChars` is yielded as soon as it passes the limit, as its first `maxLineChars + 1`
 * characters (so `text.length > maxLineChars` tells the caller), and the rest of it is skipped unkept. Only each new
 * chunk is searched for "\n": a review's 95 MB line without one, rescanned whole per chunk, took 37.6 s and 1 GB.
 */
export async function* jsonlLines(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, maxLineChars = MAX_JSONL_LINE_CHARS): AsyncGenerator<JsonlLine> {
  const decoder = new TextDecoder('utf-8');
  let parts: string[] = [];
  let pending = 0;
  let skipping = false; // inside a line already yielded as too long
  let line = 0;
  const emit = function* (text: string): Generator<JsonlLine> {
    line++;
    const t = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (t.trim() !== '') yield { line, text: t };
  };
  const take = function* (text: string): Generator<JsonlLine> {
    let start = 0;
    while (start < text.length) {
      const nl = text.indexOf('\n', start);
      const end = nl === -1 ? text.length : nl;
      if (!skipping) {
        parts.push(text.slice(start, end));
        pending += end - start;
        if (pending > maxLineChars) {
          yield* emit(parts.join('').slice(0, maxLineChars + 1));
          skipping = nl === -1;
          [parts, pending] = [[], 0];
        } else if (nl !== -1) {
          yield* emit(parts.join(''));
          [parts, pending] = [[], 0];
        }
      } else if (nl !== -1) skipping = false;
      if (nl === -1) return;
      start = nl + 1;
    }
  };
  for await (const chunk of chunks) yield* take(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  yield* take(decoder.decode());
  if (!skipping && parts.length > 0) yield* emit(parts.join(''));
}

/** The lines of JSONL text already in memory (same rules as jsonlLines). */
export function jsonlTextLines(text: string): JsonlLine[] {
  const out: JsonlLine[] = [];
  const parts = text.split('\n');
  parts.forEach((p, i) => {
    const t = p.endsWith('\r') ? p.slice(0, -1) : p;
    if (t.trim() !== '') out.push({ line: i + 1, text: t });
  });
  return out;
}
