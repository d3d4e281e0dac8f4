import { readFileSync } from 'node:fs';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { visibleText } from '../../src/schema/text.ts';
import type { FieldError } from '../../src/schema/index.ts';

/** Where an error points in its file, 1-based; line 1 when the field cannot be placed. */
export interface Position {
  line: number;
  col: number;
}

/** `a.b[2].c` (src/schema/field-path.ts formatPath) back into its segments; `(root)` and `(file)` are the document. */
export function pathSegments(field: string): Array<string | number> {
  if (field.startsWith('(')) return [];
  const out: Array<string | number> = [];
  for (const m of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(m[2] !== undefined ? Number(m[2]) : m[1]!);
  return out;
}

/**
 * The position of a field in a YAML text: the deepest node of the path that exists (an unknown key points at the
 * key itself; a missing key at the mapping that lacks it).
 */
export function yamlFieldPosition(text: string, field: string): Position {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
  for (const seg of pathSegments(field)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === String(seg));
      if (!pair) break;
      offset = (isScalar(pair.key) ? pair.key.range?.[0] : undefined) ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg] !== undefined) {
      node = node.items[seg];
      offset = (node as Node).range?.[0] ?? offset;
    } else break;
  }
  return lineCounter.linePos(offset);
}

/** Workflow-command escaping (GitHub's toolkit): data escapes %, CR, LF; properties also : and ,. */
const escapeData = (s: string): string => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string): string => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** Reads a file's text for positioning; null when it cannot be read (the error then points at line 1). */
export type ReadText = (file: string) => string | null;
const readText: ReadText = (file) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

/**
 * One `::error file=…,line=…,col=…,title=…::message` line per validation error (`::notice` for a note), so a pull request shows each
 * problem on the line it is about. JSONL errors carry their line already (`file:12`); YAML fields are looked up.
 */
export function githubAnnotation(e: FieldError, read: ReadText = readText, level: 'error' | 'notice' = 'error'): string {
  const jsonl = /^(.*\.jsonl):(\d+)$/.exec(e.file);
  let file = e.file;
  let pos: Position = { line: 1, col: 1 };
  if (jsonl) {
    file = jsonl[1]!;
    pos = { line: Number(jsonl[2]), col: 1 };
  } else if (/\.ya?ml$/.test(file)) {
    const text = read(file);
    if (text !== null) pos = yamlFieldPosition(text, e.field);
  }
  // Shown as formatFieldError shows them: a terminal or a log viewer must not act on escape sequences in either.
  const [shownFile, field] = [visibleText(file), visibleText(e.field)];
  return `::${level} file=${escapeProperty(shownFile)},line=${pos.line},col=${pos.col},title=${escapeProperty(field)}::${escapeData(`${field}: ${visibleText(e.message)}`)}`;
}
