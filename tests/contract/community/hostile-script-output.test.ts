import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPORT_MARKER } from '../../../runners/community/pr-report.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { assertEscaped, HOSTILE } from '../../helpers/hostile-text.ts';
import { fixtureData, qwenTemplate } from '../../helpers/processes.ts';

/**
 * The workflow scripts (runners/community/) print what GitHub's API, the environment or the command line gave them
 * to a CI log: escaped, one line each, as the CLI does (hostile-text-output.test.ts). A line break would let the text
 * print a line of its own, or a workflow command (`::error::`, `::add-mask::`) the runner acts on.
 */
const HEAD = 'c'.repeat(40);
let server: Server;
let api = '';

/** GitHub's REST API: PR 7's one review requests changes from a "login" holding HOSTILE; PR 8 gets a comment whose id is HOSTILE; PR 9 holds a bot comment with that id. */
before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (v: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(v));
    const page1 = url.searchParams.get('page') === '1';
    if (url.pathname === '/repos/o/r/pulls/7') return json({ head: { sha: HEAD } });
    if (url.pathname === '/repos/o/r/pulls/7/reviews') return json(page1 ? [{ user: { login: HOSTILE }, state: 'CHANGES_REQUESTED', commit_id: HEAD }] : []);
    if (url.pathname === `/repos/o/r/collaborators/${encodeURIComponent(HOSTILE)}/permission`) return json({ permission: 'write' });
    if (url.pathname === '/repos/o/r/issues/8/comments' && req.method === 'GET') return json([]);
    if (url.pathname === '/repos/o/r/issues/8/comments' && req.method === 'POST') return json({ id: HOSTILE });
    if (url.pathname === '/repos/o/r/issues/9/comments') return json(page1 ? [{ id: HOSTILE, body: `${REPORT_MARKER}\nold`, user: { login: 'github-actions[bot]' } }] : []);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'runners/community', script), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, GITHUB_TOKEN: 't0ken', GITHUB_REPOSITORY: 'o/r', GITHUB_API_URL: api, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  return new Promise((r) => child.on('close', (code) => r({ code, stdout, stderr })));
}

describe('probe-approval.ts', () => {
  it('a reviewer login from the API is shown escaped, on the one ::error:: line (exit 1)', async () => {
    const r = await runScript('probe-approval.ts', [], { PR_NUMBER: '7', HEAD_SHA: HEAD });
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^::error::pull request #7 is not approved for a probe run: changes requested by \\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok: /);
  });
});

describe('upsert-comment.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-hostile-upsert-'));
  const body = join(dir, 'report.md');
  writeFileSync(body, `${REPORT_MARKER}\nreport\n`);
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a comment id the API answers that is not a number is refused on one escaped line (exit 1)', async () => {
    const r = await runScript('upsert-comment.ts', ['--pr', '8', '--body-file', body]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^upsert-comment: GitHub API POST \/repos\/o\/r\/issues\/8\/comments: the comment id answered is not a positive integer: "\\u001b\]0;PWNED/);
  });

  it('an error quoting the API (a comment id that is not a number) is one escaped line (exit 1)', async () => {
    const r = await runScript('upsert-comment.ts', ['--pr', '9', '--body-file', body]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^upsert-comment: not a comment id: /);
  });
});

describe('probe-job.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ut-hostile-job-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const submission = join(REPO_ROOT, 'submissions/qwen/qwen3.5-9b.yaml');

  it('a submission path that cannot be read is named escaped, on one line (exit 1)', async () => {
    const r = await runScript('probe-job.ts', [join(dir, `missing${HOSTILE}.yaml`), '--server', 'sim', '--out', join(dir, 'none')]);
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /^.*missing\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\.yaml: \(file\): cannot read file: .*ENOENT\)$/m);
  });

  it('the server log path of the engine it starts is shown escaped, on its line (exit 1: no engine on PATH)', async () => {
    const r = await runScript('probe-job.ts', [submission, '--server', 'engine', '--server-log', join(dir, `serve${HOSTILE}.log`), '--out', join(dir, 'none'), '--ready-timeout-s', '5'], { PATH: '/nonexistent' });
    assert.equal(r.code, 1, r.stderr);
    assertEscaped(r);
    assert.match(r.stderr, /^starting: vllm serve .*\(log: .*serve\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\.log\)$/m);
  });

  it('the results folder of a run on the simulator is shown escaped, on one line (exit 0)', { timeout: 180_000 }, async () => {
    const out = join(dir, `out${HOSTILE}`);
    const r = await runScript('probe-job.ts', [submission, '--server', 'sim', '--out', out, '--', '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--no-cache']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assertEscaped(r);
    assert.match(r.stdout, /^results: .*out\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\/qwen3\.5-9b$/m);
  });
});
