import { clientFromEnv, getPermission, getPr, listReviews, type GitHubClient, type PrReview } from './github.ts';
import { runAsScript } from './run-script.ts';
import { shownPath } from '../core/terminal-text.ts';

/**
 * The gate of a labelled probe run (probe.yml, pull_request_target): the head commit the run will probe must carry a
 * maintainer's approving review. The label alone is not enough: between a maintainer's review and their label the
 * submitter can push, and the label event then names the new, unreviewed head. A review records the commit it was
 * given on (commit_id), so an approval pinned to exactly the head being run is what proves someone read that content;
 * a push or force-push after it makes a new head that no approval names.
 */

/** Base roles (the permission endpoint maps maintain to write) that may approve a run. */
const MAINTAINER = new Set(['admin', 'write']);
/** States that change a reviewer's standing; COMMENTED and PENDING leave it as it was (GitHub's own rule). */
const DECISIVE = new Set(['APPROVED', 'CHANGES_REQUESTED', 'DISMISSED']);

const short = (sha: string | null | undefined) => (sha ?? '?').slice(0, 12);

/** Each reviewer's latest decisive review, by login. */
export function latestDecisive(reviews: PrReview[]): Map<string, PrReview> {
  const out = new Map<string, PrReview>();
  for (const r of reviews) {
    const login = r.user?.login;
    if (login && DECISIVE.has(r.state)) out.set(login, r);
  }
  return out;
}

/**
 * null when a maintainer's latest decisive review approves `headSha` and no maintainer's latest one requests
 * changes; otherwise why not, in words a maintainer can act on.
 */
export function approvalProblem(reviews: PrReview[], headSha: string, permission: ReadonlyMap<string, string>): string | null {
  const maintainers = [...latestDecisive(reviews)].filter(([login]) => MAINTAINER.has(permission.get(login) ?? 'none'));
  const blocking = maintainers.filter(([, r]) => r.state === 'CHANGES_REQUESTED').map(([login]) => login);
  if (blocking.length > 0) return `changes requested by ${blocking.join(', ')}: a run needs their approval of the head ${short(headSha)} too`;
  if (maintainers.some(([, r]) => r.state === 'APPROVED' && r.commit_id === headSha)) return null;
  const stale = maintainers.filter(([, r]) => r.state === 'APPROVED').map(([login, r]) => `${login} approved ${short(r.commit_id)}`);
  const why = stale.length > 0 ? `${stale.join(', ')}, not the head ${short(headSha)}` : `no maintainer (write, maintain or admin) approved the head ${short(headSha)}`;
  return `${why}: review the pull request at its head, approve it, then remove and add the run-probe label again`;
}

/** Fetches what approvalProblem needs (a permission look-up only for reviewers whose review could count). */
export async function checkProbeApproval(gh: GitHubClient, pr: number, headSha: string): Promise<string | null> {
  if (!/^[0-9a-f]{40}$/.test(headSha)) throw new Error(`HEAD_SHA: not a full commit sha: ${JSON.stringify(headSha.slice(0, 60))}`);
  const current = (await getPr(gh, pr)).head.sha;
  if (current !== headSha) return `the pull request's head moved to ${short(current)} after the label was added at ${short(headSha)}: review the new head, approve it, then remove and add the run-probe label again`;
  const reviews = await listReviews(gh, pr);
  const permission = new Map<string, string>();
  for (const [login, r] of latestDecisive(reviews)) {
    if (r.state !== 'DISMISSED') permission.set(login, await getPermission(gh, login));
  }
  return approvalProblem(reviews, headSha, permission);
}

async function main(): Promise<number> {
  const pr = Number(process.env.PR_NUMBER);
  const headSha = process.env.HEAD_SHA ?? '';
  const problem = await checkProbeApproval(clientFromEnv(), pr, headSha);
  // The problem quotes the API (logins, commit ids): a line break in it would start a workflow command of its own.
  if (problem) {
    console.error(`::error::pull request #${pr} is not approved for a probe run: ${shownPath(problem)}`);
    return 1;
  }
  console.log(`pull request #${pr}: a maintainer approved the head ${shownPath(short(headSha))}`);
  return 0;
}

runAsScript(import.meta, 'probe-approval', main);
