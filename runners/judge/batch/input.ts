import { z } from 'zod';
import { issuesToErrors, formatFieldError } from '../../../src/schema/index.ts';
import type { JudgeInput } from '../../core/judge.ts';
import { oneLine } from '../../core/terminal-text.ts';

/** Longest accepted input line; longer lines are reported and skipped (a runaway user turn is not judged). */
export const MAX_LINE_BYTES = 512 * 1024;
/** Longest accepted field text (a user turn of 512 tokens is a few thousand characters). */
export const MAX_FIELD_CHARS = 100_000;

/** One line of `userturn judge --input`: the three texts of an exchange and an id. */
export const JudgeInputLine = z.object({
  id: z.string().min(1).max(200),
  question: z.string().max(MAX_FIELD_CHARS),
  response: z.string().max(MAX_FIELD_CHARS),
  user_turn: z.string().max(MAX_FIELD_CHARS),
  dataset: z.string().max(100).optional(),
});

export type LineResult = { ok: true; input: JudgeInput } | { ok: false; message: string };

/** Parse one JSONL line; errors read `file:LINE: field: message`. Never throws. */
export function parseInputLine(text: string, file: string, lineNo: number): LineResult {
  // The file's name and JSON.parse's excerpt of the line are quoted inside one line of ours.
  const where = `${oneLine(file)}:${lineNo}`;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_LINE_BYTES) return { ok: false, message: `${where}: (line): line is ${bytes} bytes; the limit is ${MAX_LINE_BYTES}` };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `${where}: (line): not valid JSON: ${oneLine((e as Error).message)}` };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { ok: false, message: `${where}: (line): must be a JSON object {id, question, response, user_turn}` };
  const r = JudgeInputLine.safeParse(data);
  if (!r.success) return { ok: false, message: issuesToErrors(where, r.error, { schema: JudgeInputLine, data }).map(formatFieldError).join('\n') };
  return { ok: true, input: r.data };
}
