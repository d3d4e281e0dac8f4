/**
 * The few GitHub REST calls the workflows make, over fetch. Base URL and token come from the Actions
 * environment (GITHUB_API_URL, GITHUB_TOKEN), so tests point them at a loopback fake.
 */

export interface GitHubClient {
  api: string;
  token: string;
  repo: string;
}

export function clientFromEnv(env: NodeJS.ProcessEnv = process.env, repo = env.GITHUB_REPOSITORY): GitHubClient {
  const token = env.GITHUB_TOKEN ?? env.GH_TOKEN;
  if (!token) throw new Error('GITHUB_TOKEN (or GH_TOKEN) is not set');
  if (!repo || !/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo)) throw new Error('GITHUB_REPOSITORY must be owner/name');
  return { api: (env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/$/, ''), token, repo };
}

async function call(gh: GitHubClient, method: string, path: string, body?: unknown, accept = 'application/vnd.github+json'): Promise<Response> {
  const res = await fetch(`${gh.api}${path}`, {
    method,
    headers: {
      accept,
      authorization: `Bearer ${gh.token}`,
      'x-github-api-version': '2022-11-28',
      'user-agent': 'userturn-community',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`GitHub API ${method} ${path}: HTTP ${res.status}`);
  return res;
}

/**
 * Every page of a list endpoint (per_page=100), up to `maxPages`; a list longer than that is an error, never read in
 * part: a pull request's files, or its reviews (where a flood of comments would push a maintainer's later request for
 * changes past the last page read while an earlier approval still counted), must be seen whole.
 */
async function paginate<T>(gh: GitHubClient, path: string, maxPages = 30): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const items = (await (await call(gh, 'GET', `${path}${sep}per_page=100&page=${page}`)).json()) as T[];
    out.push(...items);
    if (items.length < 100) return out;
  }
  throw new Error(`GitHub API GET ${path}: more than ${maxPages * 100} entries, more than this reads: refused rather than read in part`);
}

/** A number that goes in a URL path (a pull request number, a comment id): a positive safe integer, else refused. */
const isId = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 1;
const shown = (v: unknown) => (JSON.stringify(v) ?? String(v)).slice(0, 80);
const int = (n: number, what = 'pull request number') => {
  if (!isId(n)) throw new Error(`not a ${what}: ${shown(n)}`);
  return n;
};

export interface PrFile {
  filename: string;
  status: string;
  previous_filename?: string;
}

export const listPrFiles = (gh: GitHubClient, pr: number) => paginate<PrFile>(gh, `/repos/${gh.repo}/pulls/${int(pr)}/files`);

export async function getPr(gh: GitHubClient, pr: number): Promise<{ head: { sha: string } }> {
  return (await (await call(gh, 'GET', `/repos/${gh.repo}/pulls/${int(pr)}`)).json()) as { head: { sha: string } };
}

/** Raw bytes of a file at a commit. Callers only pass paths they have checked (see pr-files.ts). */
export async function getRawFile(gh: GitHubClient, path: string, sha: string): Promise<Uint8Array> {
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error('ref must be a full commit sha');
  const res = await call(gh, 'GET', `/repos/${gh.repo}/contents/${path.split('/').map(encodeURIComponent).join('/')}?ref=${sha}`, undefined, 'application/vnd.github.raw');
  return new Uint8Array(await res.arrayBuffer());
}

export interface IssueComment {
  id: number;
  body?: string;
  user?: { login?: string; type?: string };
}

export const listComments = (gh: GitHubClient, pr: number) => paginate<IssueComment>(gh, `/repos/${gh.repo}/issues/${int(pr)}/comments`);

/** The new comment's id, which later goes in a URL (updateComment) and a log line: refused unless a positive integer. */
export async function createComment(gh: GitHubClient, pr: number, body: string): Promise<number> {
  const path = `/repos/${gh.repo}/issues/${int(pr)}/comments`;
  const id = ((await (await call(gh, 'POST', path, { body })).json()) as { id?: unknown } | null)?.id;
  if (!isId(id)) throw new Error(`GitHub API POST ${path}: the comment id answered is not a positive integer: ${shown(id)}`);
  return id;
}

export async function updateComment(gh: GitHubClient, id: number, body: string): Promise<void> {
  await call(gh, 'PATCH', `/repos/${gh.repo}/issues/comments/${int(id, 'comment id')}`, { body });
}

export interface PrReview {
  user?: { login?: string } | null;
  /** APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED or PENDING. */
  state: string;
  /** The pull request's head when the review was submitted. */
  commit_id?: string | null;
}

/** Every review of a pull request, oldest first (the order GitHub lists them in). */
export const listReviews = (gh: GitHubClient, pr: number) => paginate<PrReview>(gh, `/repos/${gh.repo}/pulls/${int(pr)}/reviews`);

/** A user's base role on the repository: admin, write (maintain included), read (triage included) or none. */
export async function getPermission(gh: GitHubClient, login: string): Promise<string> {
  const body = (await (await call(gh, 'GET', `/repos/${gh.repo}/collaborators/${encodeURIComponent(login)}/permission`)).json()) as { permission?: string };
  return body.permission ?? 'none';
}
