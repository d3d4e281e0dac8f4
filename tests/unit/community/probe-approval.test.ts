import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import type { GitHubClient, PrReview } from '../../../runners/community/github.ts';
import { approvalProblem, checkProbeApproval } from '../../../runners/community/probe-approval.ts';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);
const review = (login: string, state: string, commit: string): PrReview => ({ user: { login }, state, commit_id: commit });
const perms = new Map([['maya', 'write'], ['ada', 'admin'], ['tom', 'read'], ['sub', 'read']]);

test('a maintainer\'s approval of exactly the head lets the run go on', () => {
  assert.equal(approvalProblem([review('maya', 'APPROVED', B)], B, perms), null);
  assert.equal(approvalProblem([review('ada', 'APPROVED', B), review('ada', 'COMMENTED', B)], B, perms), null, 'a later comment does not undo an approval');
});

test('the race: approved at one commit, labelled after a push, is refused and says which commit was approved', () => {
  const p = approvalProblem([review('maya', 'APPROVED', A)], B, perms);
  assert.match(p ?? '', /^maya approved aaaaaaaaaaaa, not the head bbbbbbbbbbbb: review .* approve it, then remove and add the run-probe label again$/);
});

test('approvals that do not count: no review, a triager or the submitter, a dismissed one, one superseded by a request for changes', () => {
  assert.match(approvalProblem([], B, perms) ?? '', /no maintainer \(write, maintain or admin\) approved the head bbbbbbbbbbbb/);
  assert.match(approvalProblem([review('tom', 'APPROVED', B), review('sub', 'APPROVED', B)], B, perms) ?? '', /no maintainer/);
  assert.match(approvalProblem([review('nobody', 'APPROVED', B)], B, perms) ?? '', /no maintainer/, 'a login with no known permission counts as none');
  assert.match(approvalProblem([review('maya', 'APPROVED', B), review('maya', 'DISMISSED', B)], B, perms) ?? '', /no maintainer/);
  assert.match(approvalProblem([review('ada', 'APPROVED', B), review('maya', 'CHANGES_REQUESTED', A)], B, perms) ?? '', /^changes requested by maya/);
  assert.equal(approvalProblem([review('maya', 'CHANGES_REQUESTED', A), review('maya', 'APPROVED', B)], B, perms), null, 'a later approval replaces the request');
  assert.equal(approvalProblem([review('ada', 'APPROVED', B), review('tom', 'CHANGES_REQUESTED', B)], B, perms), null, 'only maintainers can block');
});

/** A loopback stand-in for the three REST routes checkProbeApproval reads. */
const state = { head: B, reviews: [] as PrReview[], asked: [] as string[], flood: false };
let server: Server;
let gh: GitHubClient;
before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (code: number, v: unknown) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    if (url.pathname === '/repos/o/r/pulls/7') return json(200, { head: { sha: state.head } });
    if (url.pathname === '/repos/o/r/pulls/7/reviews') {
      if (state.flood) return json(200, Array.from({ length: 100 }, () => review('troll', 'COMMENTED', B)));
      return json(200, url.searchParams.get('page') === '1' ? state.reviews : []);
    }
    const m = /^\/repos\/o\/r\/collaborators\/([^/]+)\/permission$/.exec(url.pathname);
    if (m) {
      state.asked.push(decodeURIComponent(m[1]!));
      return json(200, { permission: perms.get(decodeURIComponent(m[1]!)) ?? 'none' });
    }
    json(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gh = { api: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't', repo: 'o/r' };
});
after(() => server.close());

test('checkProbeApproval reads the reviews and the reviewers\' permissions from the API', async () => {
  state.reviews = [review('tom', 'APPROVED', B), review('maya', 'APPROVED', A), review('ada', 'COMMENTED', B)];
  assert.match((await checkProbeApproval(gh, 7, B)) ?? '', /maya approved aaaaaaaaaaaa, not the head/);
  assert.deepEqual(state.asked.sort(), ['maya', 'tom'], 'only reviewers with a decisive review are looked up');
  state.reviews.push(review('maya', 'APPROVED', B));
  assert.equal(await checkProbeApproval(gh, 7, B), null);
});

test('checkProbeApproval: a head that moved since the label event is refused; the sha must be a full one', async () => {
  state.reviews = [review('maya', 'APPROVED', A)];
  state.head = B;
  assert.match((await checkProbeApproval(gh, 7, A)) ?? '', /head moved to bbbbbbbbbbbb after the label was added at aaaaaaaaaaaa/);
  await assert.rejects(checkProbeApproval(gh, 7, 'main'), /HEAD_SHA: not a full commit sha/);
});

test('checkProbeApproval: reviews past the last page it reads are an error, not a list read in part', async () => {
  // 3,000 comments could push a maintainer's later request for changes past the last page while an approval counted.
  state.head = B;
  state.flood = true;
  try {
    await assert.rejects(checkProbeApproval(gh, 7, B), /more than 3000 entries, more than this reads: refused rather than read in part/);
  } finally {
    state.flood = false;
  }
});
