/** The committed submissions (submissions/<org>/<id>.yaml), read at build time. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseDocumentBytes } from '../lib/io/parse-document.ts';
import { isLink } from './links.ts';
import { Submission, formatFieldError, parseWith, type FieldError } from '../schema/index.ts';
import { DataFileError } from './data-file-error.ts';

export interface SubmissionEntry {
  /** `<org>/<file name without extension>`. */
  id: string;
  /** The file, relative to `root`. */
  filePath: string;
  data: Submission;
}

/**
 * Every submissions/<org>/*.yaml, read with the parser and schema `userturn validate` uses: Astro's glob loader
 * parsed with js-yaml, which made `notes: 2026-01-15` a Date, so a file validate passed broke the deploy. Files that
 * validate refuses fail the build, every problem named as `file: field: message`.
 */
export function readSubmissions(dir: string, root = process.cwd()): SubmissionEntry[] {
  const entries: SubmissionEntry[] = [];
  const errors: FieldError[] = [];
  // The folders and files validate walks: no dot names, no linked folders; a linked file is refused, as validate does.
  const orgs = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('.')).map((d) => d.name).sort();
  for (const org of orgs) {
    const names = readdirSync(join(dir, org), { withFileTypes: true })
      .filter((d) => (d.isFile() || d.isSymbolicLink()) && !d.name.startsWith('.') && /\.ya?ml$/.test(d.name)).map((d) => d.name).sort();
    for (const name of names) {
      const abs = join(dir, org, name);
      const file = relative(root, abs) || abs;
      if (isLink(abs)) {
        errors.push({ file, field: '(file)', message: 'is a symbolic link: the build reads no link (a link could point anywhere on the machine)' });
        continue;
      }
      const loaded = parseDocumentBytes(readFileSync(abs), abs);
      if (!loaded.ok) {
        errors.push({ file, field: '(file)', message: loaded.message });
        continue;
      }
      const r = parseWith(Submission, loaded.data, file);
      if (!r.ok) errors.push(...r.errors);
      else entries.push({ id: `${org}/${name.replace(/\.ya?ml$/, '')}`, filePath: file, data: r.value });
    }
  }
  if (errors.length > 0) throw new DataFileError(`invalid submission file\n${errors.map(formatFieldError).join('\n')}`);
  return entries;
}
