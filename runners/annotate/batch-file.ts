import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { BatchHeader, BatchItem, type BatchItem as BatchItemT, type BatchHeader as BatchHeaderT } from '../../src/schema/annotation.ts';
import { formatFieldError, parseWith, type FieldError } from '../../src/schema/errors.ts';
import { InputError } from '../core/errors.ts';
import { describeCause } from '../io/storage-error.ts';

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** An item line with its keys in a fixed order: the batch hash is computed over exactly these lines. */
export function itemLine(it: BatchItemT): string {
  return JSON.stringify({ kind: 'item', id: it.id, ref: it.ref, dataset: it.dataset, question: it.question, response: it.response, user_turn: it.user_turn });
}

/** The batch hash: sha-256 of the canonical item lines, in file order, joined by "\n". */
export const batchSha256 = (items: readonly BatchItemT[]): string => sha256(items.map(itemLine).join('\n'));

/** Blinded reference of a stored sample. */
export const sampleRef = (submissionId: string, dataset: string, sampleId: string): string => sha256(`${submissionId}\u0000${dataset}\u0000${sampleId}`);

export function renderBatch(header: BatchHeaderT, items: readonly BatchItemT[]): string {
  return [JSON.stringify(header), ...items.map(itemLine)].join('\n') + '\n';
}

export class AnnotationFileError extends InputError {
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    super(errors.map(formatFieldError).join('\n'));
    this.errors = errors;
  }
}

/** JSONL lines of a file with their 1-based line numbers; unreadable files and bad JSON name file and line. */
export async function readJsonLines(file: string): Promise<Array<{ line: number; data: unknown }>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new AnnotationFileError([{ file, field: '(file)', message: `cannot read file: ${describeCause(e)}` }]);
  }
  const out: Array<{ line: number; data: unknown }> = [];
  const errors: FieldError[] = [];
  text.split('\n').forEach((l, i) => {
    if (l.trim() === '') return;
    try {
      out.push({ line: i + 1, data: JSON.parse(l) });
    } catch (e) {
      errors.push({ file: `${file}:${i + 1}`, field: '(line)', message: `not valid JSON: ${(e as Error).message}` });
    }
  });
  if (errors.length) throw new AnnotationFileError(errors);
  if (out.length === 0) throw new AnnotationFileError([{ file, field: '(file)', message: 'empty file' }]);
  return out;
}

/** Read and check a batch file: header, items, unique ids, and the recorded hash against the items. */
export async function readBatch(file: string): Promise<{ header: BatchHeaderT; items: BatchItemT[] }> {
  const lines = await readJsonLines(file);
  const errors: FieldError[] = [];
  const h = parseWith(BatchHeader, lines[0]!.data, `${file}:${lines[0]!.line}`);
  if (!h.ok) throw new AnnotationFileError(h.errors);
  const items: BatchItemT[] = [];
  const ids = new Set<string>();
  for (const { line, data } of lines.slice(1)) {
    const r = parseWith(BatchItem, data, `${file}:${line}`);
    if (!r.ok) {
      errors.push(...r.errors);
      continue;
    }
    if (ids.has(r.value.id)) errors.push({ file: `${file}:${line}`, field: 'id', message: `duplicate item id "${r.value.id}"` });
    ids.add(r.value.id);
    items.push(r.value);
  }
  if (errors.length) throw new AnnotationFileError(errors);
  if (items.length !== h.value.n) throw new AnnotationFileError([{ file, field: 'n', message: `header says ${h.value.n} items, the file has ${items.length}` }]);
  const hash = batchSha256(items);
  if (hash !== h.value.batch_sha256) throw new AnnotationFileError([{ file, field: 'batch_sha256', message: `does not match the items (they hash to ${hash}): the batch was edited` }]);
  return { header: h.value, items };
}
