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

/**
 * Split a stream of text chunks into lines at "\n" only (never at U+2028/U+2029, "\r" alone, or other Unicode
 * line separators). Blank lines are skipped; line numbers still count them.
 */
export async function* jsonlLines(chunks: AsyncIterable<string | Uint8Array>): AsyncGenerator<JsonlLine> {
  const decoder = new TextDecoder('utf-8');
  let rest = '';
  let line = 0;
  const emit = function* (text: string): Generator<JsonlLine> {
    line++;
    const t = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (t.trim() !== '') yield { line, text: t };
  };
  for await (const chunk of chunks) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let nl = rest.indexOf('\n');
    let start = 0;
    while (nl !== -1) {
      yield* emit(rest.slice(start, nl));
      start = nl + 1;
      nl = rest.indexOf('\n', start);
    }
    rest = rest.slice(start);
  }
  rest += decoder.decode();
  if (rest !== '') yield* emit(rest);
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
