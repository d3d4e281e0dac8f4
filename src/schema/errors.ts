import type { z } from 'zod';
import { formatPath } from './field-path.ts';
import { fieldHint, keyGuesser } from './key-hint.ts';
import { shownValue } from './shown-value.ts';
import { visibleText } from './text.ts';

export { appendPath, formatPath } from './field-path.ts';

/** One validation problem, anchored to a file and a field path. */
export interface FieldError {
  file: string;
  field: string;
  message: string;
}

/** More allowed values than a one-line message lists whole. */
const MAX_LISTED_VALUES = 10;

/** zod's "expected one of" list, its first few values only when the list is long. */
function allowedValues(issue: z.ZodError['issues'][number]): string {
  if (issue.code !== 'invalid_value' || issue.values.length <= MAX_LISTED_VALUES) return issue.message;
  const few = issue.values.slice(0, MAX_LISTED_VALUES - 2).map((v) => JSON.stringify(v));
  return `Invalid option: expected one of ${few.join('|')}|… (${issue.values.length} values)`;
}

/**
 * zod says "Invalid input: expected string, received undefined" for a required field that is absent (YAML and JSON
 * have no undefined value, so that is what it always means here): say it is missing, and what it should hold (its
 * type, and its schema's description when short: "license: … expected string: SPDX id or the publisher licence name"). A
 * value of the wrong type, or not one of those allowed, is quoted (shown-value.ts): zod names only its type.
 */
function issueMessage(issue: z.ZodError['issues'][number], yaml: boolean, value: unknown, schema?: z.ZodType): string {
  if (issue.code === 'invalid_type' && issue.message.endsWith('received undefined')) {
    const hint = schema ? fieldHint(schema, issue.path) : null;
    return `missing (a required field; expected ${issue.expected}${hint ? `: ${hint}` : ''})`;
  }
  let message = issue.message;
  // zod's own "received null", "received NaN" and "received Infinity" say all there is.
  const named = value === null || (typeof value === 'number' && !Number.isFinite(value));
  if (issue.code === 'invalid_type' && value !== undefined && !named) message = `${message} ${shownValue(value, issue.path)}`;
  else if ((issue.code === 'invalid_value' || issue.code === 'invalid_union') && value !== undefined) message = `${allowedValues(issue)}, received ${shownValue(value, issue.path)}`;
  // `revision: 0123456` is the number 123456 in YAML, and "expected string, received number" did not say what to do.
  if (yaml && issue.code === 'invalid_type' && issue.expected === 'string' && /received (number|boolean)$/.test(issue.message))
    return `${message}: YAML reads an unquoted 0123456, 1.0 or true that way; put the value in quotes`;
  return message;
}

/** The value at `path` in the parsed document (own keys only), undefined when nothing is there. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const k of path) v = v !== null && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** The keys of the object at `path` in the parsed document (none when it is not an object). */
function keysAt(data: unknown, path: readonly PropertyKey[]): Set<string> {
  const v = valueAt(data, path);
  return new Set(v !== null && typeof v === 'object' ? Object.keys(v) : []);
}

/**
 * Turn zod issues into file-anchored errors; unknown keys are reported at the key itself. Given the schema and the
 * document, an unknown key close to one the format allows there names it ("did you mean tensor_parallel_size?").
 */
export function issuesToErrors(file: string, error: z.ZodError, parsed?: { schema: z.ZodType; data: unknown; json?: boolean }): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const guess = parsed ? keyGuesser(parsed.schema, issue.path, keysAt(parsed.data, issue.path)) : null;
      for (const key of issue.keys) {
        const meant = guess?.(key);
        out.push({ file, field: formatPath([...issue.path, key]), message: `unknown key (not part of the format${meant ? `; did you mean ${meant}?` : ''})` });
      }
      continue;
    }
    // A JSONL line is anchored as file.jsonl:LINE (or :SAMPLE-ID), which is JSON too.
    // `json` says so for a document that is not a file (a judge's answer).
    const yaml = !parsed?.json && !/\.jsonl?(:|$)/.test(file);
    out.push({ file, field: formatPath(issue.path), message: issueMessage(issue, yaml, parsed ? valueAt(parsed.data, issue.path) : undefined, parsed?.schema) });
  }
  return out;
}

/**
 * `file: field.path: message` on one line. Paths and messages quote untrusted text (a YAML key with escape
 * sequences retitled a reviewer's terminal and forged an "ok" line), so it is shown escaped.
 */
export const formatFieldError = (e: FieldError): string => visibleText(`${e.file}: ${e.field}: ${e.message}`);

/** `field.path: message` of each error on one line, `; ` between them, escaped as formatFieldError escapes: for a document that is not a file (a judge's answer). */
export const formatFieldIssues = (errors: FieldError[]): string => errors.map((e) => visibleText(`${e.field}: ${e.message}`)).join('; ');

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** safeParse that names the file and the field of every problem. Never throws for bad data. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown, file: string): ParseResult<z.infer<S>> {
  const r = schema.safeParse(data);
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: issuesToErrors(file, r.error, { schema, data }) };
}
