import { lstat, readdir } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { Submission, parseWith, type FieldError } from '../../src/schema/index.ts';
import { loadDocument } from '../io/load-document.ts';
import { linkOnPath } from '../io/links.ts';

export interface LoadedSubmission {
  file: string;
  path: string;
  value: Submission;
}

/**
 * Valid submissions already in the repository (context for cross-file rules). A link (an org folder or a file) is
 * passed over, never read: a clash with what it holds would tell what a file elsewhere on the machine says, and a
 * dangling one stopped validate with a stack trace. validate refuses the link itself when it is named.
 */
export async function repositorySubmissions(root: string): Promise<LoadedSubmission[]> {
  const dir = join(root, 'submissions');
  const out: LoadedSubmission[] = [];
  let orgs: string[];
  if (linkOnPath(dir, root)) return out;
  try {
    orgs = (await readdir(dir)).sort();
  } catch {
    return out;
  }
  for (const org of orgs) {
    const orgDir = join(dir, org);
    if (!(await lstat(orgDir)).isDirectory()) continue;
    for (const name of (await readdir(orgDir)).sort()) {
      if (!/\.ya?ml$/.test(name)) continue;
      const path = join(orgDir, name);
      if (!(await lstat(path)).isFile()) continue;
      const loaded = await loadDocument(path);
      if (!loaded.ok) continue;
      const r = parseWith(Submission, loaded.data, path);
      if (r.ok) out.push({ file: relative(root, path), path: resolve(path), value: r.value });
    }
  }
  return out;
}

/** Ids unique; one Hugging Face repo + revision submitted once. (A template file's presence is the policy's: submission-policy.ts.) */
export async function crossFileErrors(checked: LoadedSubmission[], root: string): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const context = await repositorySubmissions(root);
  const all = [...checked, ...context.filter((c) => !checked.some((s) => s.path === c.path))];
  for (const s of checked) {
    const clashId = all.find((o) => o.path !== s.path && o.value.id === s.value.id);
    if (clashId) errors.push({ file: s.file, field: 'id', message: `"${s.value.id}" is already used by ${clashId.file}` });
    const key = `${s.value.hf.repo.toLowerCase()}@${s.value.hf.revision}`;
    const clashModel = all.find((o) => o.path !== s.path && `${o.value.hf.repo.toLowerCase()}@${o.value.hf.revision}` === key);
    if (clashModel) errors.push({ file: s.file, field: 'hf', message: `${s.value.hf.repo} at ${s.value.hf.revision} is already submitted by ${clashModel.file}` });
  }
  return errors;
}
