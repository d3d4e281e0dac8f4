/**
 * The approved-judges policy file (APPROVED_JUDGES_FILE) from its parsed document, with the one message a broken
 * file gets: the site build (src/data/approved-judges.ts) and pr-report (runners/community/result-checks.ts) both
 * read it here, so both name the file and the field alike.
 */
import type { LoadResult } from './io/parse-document.ts';
import { ApprovedJudgesFile } from './verified.ts';
import { formatFieldError, parseWith } from '../schema/index.ts';

export type ApprovedJudgesRead = { ok: true; value: ApprovedJudgesFile } | { ok: false; message: string };

/** The file's value, or 'invalid approved-judges file' and a `file: field: message` line per problem. */
export function approvedJudgesFrom(loaded: LoadResult, file: string): ApprovedJudgesRead {
  if (!loaded.ok) return { ok: false, message: `invalid approved-judges file\n${file}: (file): ${loaded.message}` };
  const r = parseWith(ApprovedJudgesFile, loaded.data, file);
  return r.ok ? r : { ok: false, message: `invalid approved-judges file\n${r.errors.map(formatFieldError).join('\n')}` };
}
