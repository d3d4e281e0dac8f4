import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { evaluateExpression, interpolate } from '../../helpers/gha-expression.ts';

/**
 * The label-approval race: a maintainer reviews a submission pull request, the submitter pushes, the maintainer adds
 * run-probe, and the label event names the new head. The plan job must refuse a head no maintainer approved, before
 * any GPU job starts, and every job must take the submission at that same approved commit.
 */
type Step = Record<string, any>;
const wf = parse(readFileSync(join(REPO_ROOT, '.github/workflows/probe.yml'), 'utf8')) as { jobs: Record<string, { steps: Step[]; if?: string }> };
const planSteps = wf.jobs.plan!.steps;
const gate = planSteps.find((s) => typeof s.run === 'string' && s.run.includes('runners/community/probe-approval.ts'));

const APPROVED = 'a'.repeat(40);
const PUSHED = 'b'.repeat(40);
const labelled = (head: string) => ({ github: { event_name: 'pull_request_target', token: 'gh-token', event: { pull_request: { number: 7, head: { sha: head } }, label: { name: 'run-probe' } } }, inputs: {} });
const dispatched = { github: { event_name: 'workflow_dispatch', event: { inputs: { submission: 'submissions/qwen/qwen3.5-9b.yaml' } } }, inputs: { submission: 'submissions/qwen/qwen3.5-9b.yaml' } };

test('probe.yml: the plan job checks the approval of a labelled pull request before it chooses the submission', () => {
  assert.ok(gate, 'the plan job runs runners/community/probe-approval.ts');
  assert.equal(evaluateExpression(gate.if, labelled(PUSHED)), true, 'runs for a labelled pull request');
  assert.equal(evaluateExpression(gate.if, dispatched), false, 'a dispatch has no pull request to check');
  const choose = planSteps.findIndex((s) => String(s.run).includes('probe-plan.ts'));
  assert.ok(planSteps.indexOf(gate) < choose, 'before the plan job\'s outputs exist, so no GPU job starts on a refusal');
  assert.equal(gate['continue-on-error'], undefined);
  // The approved commit is the one every job copies the submission from (probe-run.yml's github context is probe.yml's).
  const called = parse(readFileSync(join(REPO_ROOT, '.github/workflows/probe-run.yml'), 'utf8')) as typeof wf;
  for (const [name, job] of [...Object.entries(wf.jobs), ...Object.entries(called.jobs)]) {
    for (const s of (job.steps ?? []).filter((x) => String(x.run).includes('pr-files.ts'))) assert.equal(s.env.HEAD_SHA, gate.env.HEAD_SHA, `${name}: ${s.name}`);
  }
});

/** GitHub's REST API for pull request 7: head PUSHED, maya (write) approved APPROVED, tom (triage) approved PUSHED. */
let server: Server;
let api = '';
const reviews: Array<Record<string, unknown>> = [];
before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (v: unknown) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    if (url.pathname === '/repos/o/r/pulls/7') return json({ head: { sha: PUSHED } });
    if (url.pathname === '/repos/o/r/pulls/7/reviews') return json(url.searchParams.get('page') === '1' ? reviews : []);
    if (url.pathname === '/repos/o/r/collaborators/maya/permission') return json({ permission: 'write', role_name: 'write' });
    if (url.pathname === '/repos/o/r/collaborators/tom/permission') return json({ permission: 'read', role_name: 'triage' });
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

/** The gate step as the runner runs it: its env interpolated from the event, GitHub's own variables added. */
function runGate(head: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  assert.equal(gate!.run.trim(), 'npx node runners/community/probe-approval.ts');
  const env = Object.fromEntries(Object.entries(gate!.env as Record<string, string>).map(([k, v]) => [k, interpolate(v, labelled(head))]));
  const child = spawn(process.execPath, ['runners/community/probe-approval.ts'], { cwd: REPO_ROOT, env: { PATH: process.env.PATH, ...env, GITHUB_API_URL: api, GITHUB_REPOSITORY: 'o/r' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((r) => child.on('close', (code) => r({ code, stdout, stderr })));
}

test('the race: maya approved one commit, the submitter pushed, the label names the new head: refused, exit 1, no stack', async () => {
  reviews.splice(0, reviews.length, { user: { login: 'maya' }, state: 'APPROVED', commit_id: APPROVED }, { user: { login: 'tom' }, state: 'APPROVED', commit_id: PUSHED });
  const r = await runGate(PUSHED);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /^::error::pull request #7 is not approved for a probe run: maya approved aaaaaaaaaaaa, not the head bbbbbbbbbbbb: review/m);
  assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace');
});

test('maya approves the new head: the run goes on', async () => {
  reviews.push({ user: { login: 'maya' }, state: 'APPROVED', commit_id: PUSHED });
  const r = await runGate(PUSHED);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /a maintainer approved the head bbbbbbbbbbbb/);
});
