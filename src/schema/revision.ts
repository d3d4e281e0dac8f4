import { z } from 'zod';

/** The characters a revision may hold (letters, digits, . _ / -), starting with a letter or digit, at most 100. */
const REVISION_CHARS = /^[A-Za-z0-9][A-Za-z0-9._\/-]{0,99}$/;

/** A full commit sha as the Hub writes it: 40 lower-case hex digits (huggingface_hub's REGEX_COMMIT_HASH). */
const COMMIT_SHA = /^[0-9a-f]{40}$/;

export const isPinnedRevision = (rev: string): boolean => COMMIT_SHA.test(rev);

/**
 * Why git or the Hub would refuse `rev` as a branch or tag name (git check-ref-format, within the characters
 * allowed above), or null. An upper-case sha is refused, not read as a branch: the Hub's commit shas are lower
 * case and huggingface_hub, which vLLM, SGLang and TGI download with, takes anything else for a branch name.
 */
export function revisionProblem(rev: string): string | null {
  if (!REVISION_CHARS.test(rev)) return null; // the format's pattern says what is wrong
  if (/^[0-9a-fA-F]{40}$/.test(rev) && !COMMIT_SHA.test(rev))
    return `is a commit sha with upper-case letters: write it in lower case ("${rev.toLowerCase()}"), as the Hub shows it: huggingface_hub, which the engines download with, takes any other spelling for a branch name, and a result of it would not count as pinned`;
  if (rev.endsWith('/')) return 'must not end with "/" (git refuses such a branch name; write it without the trailing slash)';
  if (rev.includes('//')) return 'must not contain "//" (git refuses such a branch name)';
  if (rev.includes('..')) return 'must not contain ".." (git refuses such a branch name)';
  if (rev.endsWith('.')) return 'must not end with "." (git refuses such a branch name)';
  if (rev.split('/').some((seg) => seg.startsWith('.'))) return 'must not have a part starting with "." after a "/" (git refuses such a branch name)';
  if (rev.split('/').some((seg) => seg.endsWith('.lock'))) return 'must not have a part ending with ".lock" (git refuses such a branch name)';
  return null;
}

/**
 * A git revision: a full commit sha (pinned) or a branch/tag name such as "main" or "refs/pr/1" (shown as
 * unpinned). Names git would refuse, and upper-case shas, are refused here rather than by the Hub mid-run.
 */
export const Revision = z
  .string()
  .regex(REVISION_CHARS, 'must be a commit sha or a branch name (letters, digits, ".", "_", "/" or "-", starting with a letter or digit, at most 100)')
  .superRefine((rev, ctx) => {
    const problem = revisionProblem(rev);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
