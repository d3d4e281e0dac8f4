import { Submission, formatFieldError, parseWith } from '../../src/schema/index.ts';
import { loadDocument } from '../io/load-document.ts';
import { linkProblem } from '../io/links.ts';

/**
 * Load and validate one submission file; errors come back as `file: field: message` lines. A link (the file, or a
 * folder on its way below `root`) is refused unread, as validate refuses it: serve-cmd printed the model a linked file
 * outside the repository named.
 */
export async function loadSubmission(path: string, root = process.cwd()): Promise<{ ok: true; value: Submission } | { ok: false; errors: string[] }> {
  const link = linkProblem(path, root);
  // As formatFieldError writes every other error: a path from the command line holding a line break stays on one line.
  if (link) return { ok: false, errors: [formatFieldError({ file: path, field: '(file)', message: link })] };
  const loaded = await loadDocument(path);
  if (!loaded.ok) return { ok: false, errors: [formatFieldError({ file: path, field: '(file)', message: loaded.message })] };
  const r = parseWith(Submission, loaded.data, path);
  return r.ok ? { ok: true, value: r.value } : { ok: false, errors: r.errors.map(formatFieldError) };
}
