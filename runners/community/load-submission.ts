import { Submission, formatFieldError, parseWith } from '../../src/schema/index.ts';
import { loadDocument } from '../io/load-document.ts';

/** Load and validate one submission file; errors come back as `file: field: message` lines. */
export async function loadSubmission(path: string): Promise<{ ok: true; value: Submission } | { ok: false; errors: string[] }> {
  const loaded = await loadDocument(path);
  if (!loaded.ok) return { ok: false, errors: [`${path}: (file): ${loaded.message}`] };
  const r = parseWith(Submission, loaded.data, path);
  return r.ok ? { ok: true, value: r.value } : { ok: false, errors: r.errors.map(formatFieldError) };
}
