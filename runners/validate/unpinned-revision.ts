import { isPinnedRevision, type FieldError, type Submission } from '../../src/schema/index.ts';

/**
 * A note, never an error: a branch or short sha is accepted, but a result of it can never be marked verified
 * (src/lib/verified.ts, pinned_revision). Without it validate said "ok" and only the pull-request bot warned.
 */
export function unpinnedRevisionNote(display: string, submission: Submission): FieldError | null {
  const rev = submission.hf.revision;
  if (isPinnedRevision(rev)) return null;
  const what = /^[0-9a-fA-F]{7,40}$/.test(rev) ? 'not a full lowercase 40-character commit sha' : 'a branch or tag, not a commit sha';
  return {
    file: display,
    field: 'hf.revision',
    message: `"${rev}" is ${what}: accepted, but a result of it can never be marked verified, because the weights behind it can change. Pin it: copy the full commit sha the Hub shows for ${submission.hf.repo} (Files and versions → History, the commit's copy button)`,
  };
}
