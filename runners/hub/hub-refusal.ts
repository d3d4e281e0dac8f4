import { HubApiError } from '@huggingface/hub';
import { RangeReadError } from './gguf-range-fetch.ts';

/**
 * Whether a failed Hub request says the repository, revision or file is not there (a 404). Any other failure (no
 * connection, a refusal, a server error) means the Hub could not be asked, and a branch's cached copy, the one its
 * refs/<branch> names, stands: huggingface_hub's rule (file_download.py, _hf_hub_download_to_cache_dir).
 */
export const hubSaysNotThere = (e: unknown): boolean => (e instanceof HubApiError && e.statusCode === 404) || (e instanceof RangeReadError && e.status === 404);

/**
 * Why the Hub refused a file, in words a maintainer can act on, from the status and the Hub's X-Error-Code /
 * X-Error-Message, as huggingface_hub tells them apart (utils/_http.py hf_raise_for_status: GatedRepo, RepoNotFound,
 * RevisionNotFound, a 401 "Invalid credentials in Authorization header", any other 401 as a repo not found). The
 * Hub answers a gated repo with 401 without a token and 403 with one whose account has not been granted access.
 * Never the token itself: only whether one was sent.
 */
export interface Refused {
  status: number;
  errorCode: string | null;
  errorMessage: string | null;
}

export interface RefusedFile {
  repo: string;
  revision: string;
  /** HF_ENDPOINT, for the repository's page (where a licence is accepted). */
  endpoint: string;
  tokenSent: boolean;
}

const LOGIN = 'set HF_TOKEN (or log in with `hf auth login`)';

export function refusalReason(r: Refused, f: RefusedFile): string | null {
  const page = `${f.endpoint}/${f.repo}`;
  const sent = 'the token sent (HF_TOKEN or the stored login)';
  if (r.errorCode === 'GatedRepo') {
    return f.tokenSent
      ? `${f.repo} is gated and ${sent} has no access to it: accept its licence at ${page} with that token's account and wait until access is granted`
      : `${f.repo} is gated: ${LOGIN} to a token of an account that accepted its licence at ${page}`;
  }
  if (r.status === 401 && r.errorMessage === 'Invalid credentials in Authorization header') return `${sent} is invalid or expired: make a new one at ${f.endpoint}/settings/tokens`;
  if (r.errorCode === 'RevisionNotFound') return `${f.repo} has no revision ${f.revision}`;
  if (r.errorCode === 'RepoNotFound' || r.status === 401) {
    return f.tokenSent
      ? `${f.repo} does not exist, or it is private and ${sent} has no access to it`
      : `${f.repo} does not exist, or it is private or gated: ${LOGIN} to a token with access (for a gated repo, accept its licence at ${page} first)`;
  }
  if (r.status === 403) return f.tokenSent ? `${sent} may not read ${f.repo} (a fine-grained token needs read access to it)` : `${f.repo}: forbidden; ${LOGIN}`;
  return null;
}
