import { createReadStream } from 'node:fs';
import { basename, dirname } from 'node:path';
import { jsonlLines } from '../../src/lib/io/jsonl.ts';
import { MAX_DOCUMENT_BYTES } from '../../src/lib/io/parse-document.ts';
import type { CountedSample } from '../../src/lib/summary-tally.ts';
import { Sample, parseWith, type FieldError } from '../../src/schema/index.ts';
import type { DatasetReader } from '../datasets/as-run.ts';
import { downloadOnlyPrompts, verdictRecheck, type RecheckOptions } from './verdict-recheck.ts';

/** Problems listed per samples file; the rest are counted in one closing line (output stays bounded). */
export const MAX_ERRORS_PER_FILE = 50;

/** An error list that keeps the first `max` entries and counts the others. */
function boundedErrors(display: string, max = MAX_ERRORS_PER_FILE) {
  const list: FieldError[] = [];
  let dropped = 0;
  return {
    push(...es: FieldError[]) {
      for (const e of es) {
        if (list.length < max) list.push(e);
        else dropped++;
      }
    },
    done(): FieldError[] {
      if (dropped > 0) list.push({ file: display, field: '(file)', message: `… and ${dropped} more problem${dropped === 1 ? '' : 's'} in this file (the first ${max} are listed)` });
      return list;
    },
    /** How many problems the list holds, the ones its closing line counts included. */
    get problems(): number {
      return Math.min(list.length, max) + dropped;
    },
  };
}

/**
 * The chunks as text, refusing bytes that are not UTF-8 (ERR_ENCODING_INVALID_ENCODED_DATA) where a plain reader would
 * put U+FFFD silently.
 */
async function* strictUtf8(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of chunks) yield decoder.decode(chunk, { stream: true });
  yield decoder.decode();
}

/**
 * The samples file's own rules (the site build applies the same rules before it shards anything, except re-judging,
 * which runs runner code); its valid samples' counted fields go to `counted` (its summary is read against them). What
 * it could not re-judge comes back as a note.
 */
export async function validateSamplesFile(file: string, display: string, counted: CountedSample[], downloadOnly: ReadonlySet<string>, read: DatasetReader, options: RecheckOptions = {}): Promise<{ errors: FieldError[]; problems: number; note: FieldError | null }> {
  const errors = boundedErrors(display);
  const prompts = await downloadOnlyPrompts(file, downloadOnly, process.env.USERTURN_DATA_DIR || undefined, read);
  const recheck = verdictRecheck(display, prompts?.ok ? prompts.prompts : null, prompts?.ok === false ? prompts.why : undefined, options);
  try {
    await samplesFileRules(file, display, errors, counted, recheck);
  } catch (e) {
    if ((e as { code?: string }).code !== 'ERR_ENCODING_INVALID_ENCODED_DATA') throw e;
    errors.push({ file: display, field: '(file)', message: 'is not valid UTF-8 (results are UTF-8 text; the bytes would be read as U+FFFD)' });
  }
  return { errors: errors.done(), problems: errors.problems, note: recheck.note() };
}

/**
 * Lines whose verdicts may be in the judge's thread at once, and their characters: enough for the reader to fill a
 * message to the thread while it judges the last one, few enough that memory stays flat however long the file.
 */
const IN_FLIGHT_LINES = 256;
const IN_FLIGHT_CHARS = 8 * 1024 * 1024;

async function samplesFileRules(file: string, display: string, errors: ReturnType<typeof boundedErrors>, counted: CountedSample[], recheck: ReturnType<typeof verdictRecheck>): Promise<void> {
  const ids = new Set<string>();
  const owner = basename(dirname(file)) === 'samples' ? basename(dirname(dirname(file))) : null;
  const expected = basename(file, '.jsonl');
  /** One line's own errors, pushed to `own`; its verdicts' re-judging, or null when it has none to judge. */
  const lineRules = (where: string, text: string, own: FieldError[]): Promise<FieldError[]> | null => {
    if (text.length > MAX_DOCUMENT_BYTES) {
      own.push({ file: where, field: '(line)', message: 'line longer than 1 MiB' });
      return null;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      own.push({ file: where, field: '(line)', message: `invalid JSON: ${(e as Error).message}` });
      return null;
    }
    const r = parseWith(Sample, data, where);
    if (!r.ok) {
      own.push(...r.errors);
      return null;
    }
    const { item_id, condition, sample_index, error, verdicts, accuracy, unfinished } = r.value;
    counted.push({ item_id, condition, sample_index, error, verdicts, accuracy, unfinished });
    if (ids.has(r.value.id)) own.push({ file: where, field: 'id', message: `duplicate sample id "${r.value.id}"` });
    ids.add(r.value.id);
    if (r.value.dataset !== expected) own.push({ file: where, field: 'dataset', message: `is "${r.value.dataset}" but the file is ${expected}.jsonl` });
    // results/<id>/samples/<dataset>.jsonl belongs to <id>: the site build refuses any other owner.
    if (owner !== null && r.value.submission_id !== owner) own.push({ file: where, field: 'submission_id', message: `is "${r.value.submission_id}" but the folder is results/${owner}/` });
    return recheck.errors(r.value, where);
  };
  // Each line's errors, in line order: its own at once, its verdicts' when the judge's thread has answered. The lines
  // waiting for it are bounded (the sample's text is dropped once its verdicts are judged: memory stays flat however
  // long the file), and many go to the thread in one message.
  const pending: { chars: number; errors: Promise<FieldError[]> }[] = [];
  let chars = 0;
  const drain = async (lines: number, maxChars: number) => {
    while (pending.length > lines || (pending.length > 0 && chars > maxChars)) {
      const head = pending.shift()!;
      chars -= head.chars;
      errors.push(...(await head.errors));
    }
  };
  try {
    for await (const { line, text } of jsonlLines(strictUtf8(createReadStream(file)))) {
      const own: FieldError[] = [];
      const rechecked = lineRules(`${display}:${line}`, text, own);
      if (pending.length === 0 && rechecked === null) {
        errors.push(...own);
        continue;
      }
      const lineErrors = rechecked === null ? Promise.resolve(own) : rechecked.then((es) => own.concat(es));
      // Awaited in line order by drain; until then a failure of the judge's thread must not count as unhandled (Node
      // would end the process on it with a stack trace).
      lineErrors.catch(() => {});
      pending.push({ chars: text.length, errors: lineErrors });
      chars += text.length;
      await drain(IN_FLIGHT_LINES, IN_FLIGHT_CHARS);
    }
  } finally {
    await drain(0, 0);
  }
}
