/** The approved-judges policy file (APPROVED_JUDGES_FILE), read and validated at build time. */
import { readFileSync } from 'node:fs';
import { parseDocumentBytes } from '../lib/io/parse-document.ts';
import { APPROVED_JUDGES_FILE } from '../lib/data-paths.ts';
import { approvedJudgesFrom } from '../lib/approved-judges-file.ts';
import type { ApprovedJudgesFile } from '../lib/verified.ts';
import { benchmarkFile } from './paths.ts';
import { DataFileError } from './data-file-error.ts';

/** The parsed file; one that cannot be read or fails its schema fails the build naming the file and the field. */
export function loadApprovedJudges(file = benchmarkFile(APPROVED_JUDGES_FILE)): ApprovedJudgesFile {
  let bytes: Buffer;
  try { bytes = readFileSync(file); } catch (e) { throw new DataFileError(`${file}: (file): cannot read file: ${(e as Error).message.split('\n')[0]}`); }
  const r = approvedJudgesFrom(parseDocumentBytes(bytes, file), file);
  if (!r.ok) throw new DataFileError(r.message);
  return r.value;
}
