import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { stringify } from 'yaml';
import { REPORT_MARKER } from '../../../runners/community/pr-report.ts';
import { runCli } from '../../helpers/cli.ts';
import { paperSubmission, tempRepo } from '../../helpers/community-fixtures.ts';

const PR_FILES = join(import.meta.dirname, '../../../runners/community/pr-files.ts');
const SUB = 'submissions/acme/m.yaml';

/** A git work tree (its .git a marker, as projectRoot reads it) with docs/ and a valid submission at the top. */
function clone(files: Record<string, Record<string, unknown> | string> = { [SUB]: { ...paperSubmission(), id: 'm' } }): string {
  const root = tempRepo(files);
  for (const d of ['.git', 'docs']) mkdirSync(join(root, d), { recursive: true });
  return root;
}

// From docs/ pr-report looked for docs/submissions/acme/m.yaml, listed the file as missing and exited 0.
test('pr-report from a subfolder checks the changed paths at the clone\'s top; --changed-list and --out are read from the current folder', () => {
  const root = clone();
  const docs = join(root, 'docs');
  const top = runCli(['pr-report', '--changed', SUB, '--no-plan'], { cwd: root });
  assert.equal(top.code, 0, top.stderr);
  assert.match(top.stdout, /✅ \*\*1 changed file valid\.\*\*/);
  const sub = runCli(['pr-report', '--changed', SUB, '--no-plan'], { cwd: docs });
  assert.equal(sub.code, 0, sub.stderr);
  assert.equal(sub.stdout, top.stdout);

  writeFileSync(join(docs, 'changed.txt'), `${SUB}\n`);
  const fromList = runCli(['pr-report', '--changed-list', 'changed.txt', '--no-plan', '--out', 'report.md'], { cwd: docs });
  assert.equal(fromList.code, 0, fromList.stderr);
  assert.equal(readFileSync(join(docs, 'report.md'), 'utf8'), top.stdout);
  assert.equal(existsSync(join(root, 'report.md')), false);
});

test('pr-report from a subfolder reports the top\'s broken submission, exit 1', () => {
  const bad: Record<string, unknown> = { ...paperSubmission(), id: 'm', surprise: true };
  const root = clone({ [SUB]: bad });
  const r = runCli(['pr-report', '--changed', SUB, '--no-plan'], { cwd: join(root, 'submissions/acme') });
  assert.equal(r.code, 1, r.stdout);
  assert.match(r.stdout, new RegExp(`^- \` ${SUB.replace(/[./]/g, '\\$&')} \`: \` surprise \`: `, 'm'));
});

/** A loopback stand-in for the three GitHub routes pr-files reads. */
const HEAD = 'b'.repeat(40);
const CONTENT = stringify({ ...paperSubmission(), id: 'm' });
let server: Server;
let api: string;
before(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (v: unknown) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    if (url.pathname === '/repos/o/r/pulls/7') return json({ head: { sha: HEAD } });
    if (url.pathname === '/repos/o/r/pulls/7/files') return json(url.searchParams.get('page') === '1' || !url.searchParams.has('page') ? [{ filename: SUB, status: 'added' }] : []);
    if (url.pathname === `/repos/o/r/contents/${SUB}` && url.searchParams.get('ref') === HEAD) { res.writeHead(200); return res.end(CONTENT); }
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

// The workflow runs it at the checkout's top; from docs/ it wrote docs/submissions/acme/m.yaml, where validate and
// pr-report (which read the top) never look.
test('pr-files from a subfolder writes the pull request\'s data files at the clone\'s top; --changed-out is read from the current folder', async () => {
  const root = clone({ 'submissions/README.md': 'the folder of submissions\n' });
  const docs = join(root, 'docs');
  const env = { ...process.env, GITHUB_TOKEN: 't0ken', GITHUB_REPOSITORY: 'o/r', GITHUB_API_URL: api };
  const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [PR_FILES, '--pr', '7', '--head-sha', HEAD, '--changed-out', 'changed.txt'], { cwd: docs, env }, (e, stdout, stderr) => resolve({ code: e ? Number(e.code) : 0, stdout, stderr }));
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '1 changed files; 1 data files written for validation\n');
  assert.equal(readFileSync(join(root, SUB), 'utf8'), CONTENT);
  assert.equal(existsSync(join(docs, 'submissions')), false, 'nothing written beside the docs');
  assert.equal(readFileSync(join(docs, 'changed.txt'), 'utf8'), `${SUB}\n`);
});
