import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createComment, listPrFiles, updateComment, type GitHubClient } from '../../../runners/community/github.ts';
import { materialise, planPrFiles } from '../../../runners/community/pr-files.ts';
import { REPORT_MARKER } from '../../../runners/community/pr-report.ts';
import { upsertComment } from '../../../runners/community/upsert-comment.ts';

/** A loopback stand-in for the few GitHub REST routes the workflows use. */
const HEAD = 'b'.repeat(40);
const state = {
  comments: [] as Array<{ id: number; body: string; user: { login: string } }>,
  files: [] as Array<{ filename: string; status: string }>,
  contents: new Map<string, string>(),
  requests: [] as string[],
  auth: new Set<string>(),
  /** What POST /repos/o/r/issues/8/comments answers as the new comment's id. */
  answerId: undefined as unknown,
};
let server: Server;
let gh: GitHubClient;

const readBody = (req: IncomingMessage) => new Promise<string>((r) => { let b = ''; req.on('data', (c) => (b += c)); req.on('end', () => r(b)); });

before(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    state.requests.push(`${req.method} ${url.pathname}`);
    state.auth.add(String(req.headers.authorization));
    const json = (code: number, v: unknown) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    const page = Number(url.searchParams.get('page') ?? 1);
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && url.pathname === '/repos/o/r/issues/7/comments') return json(200, page === 1 ? state.comments : []);
    if (req.method === 'POST' && url.pathname === '/repos/o/r/issues/7/comments') {
      const id = 100 + state.comments.length;
      state.comments.push({ id, body: JSON.parse(await readBody(req)).body, user: { login: 'github-actions[bot]' } });
      return json(201, { id });
    }
    if (req.method === 'POST' && url.pathname === '/repos/o/r/issues/8/comments') return json(201, state.answerId === undefined ? {} : { id: state.answerId });
    if (req.method === 'PATCH' && (m = /^\/repos\/o\/r\/issues\/comments\/(\d+)$/.exec(url.pathname))) {
      const c = state.comments.find((x) => x.id === Number(m![1]));
      if (!c) return json(404, {});
      c.body = JSON.parse(await readBody(req)).body;
      return json(200, { id: c.id });
    }
    if (req.method === 'GET' && url.pathname === '/repos/o/r/pulls/7') return json(200, { head: { sha: HEAD } });
    if (req.method === 'GET' && url.pathname === '/repos/o/r/pulls/7/files') return json(200, page === 1 ? state.files : []);
    if (req.method === 'GET' && (m = /^\/repos\/o\/r\/contents\/(.+)$/.exec(url.pathname))) {
      const path = decodeURIComponent(m[1]!);
      if (url.searchParams.get('ref') !== HEAD || !state.contents.has(path)) return json(404, {});
      res.writeHead(200);
      return res.end(state.contents.get(path));
    }
    json(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  gh = { api: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 't0ken', repo: 'o/r' };
});
after(() => server.close());

test('upsert: creates one comment, then updates that same one; a marker pasted by someone else is ignored', async () => {
  state.comments.push({ id: 1, body: `${REPORT_MARKER}\nfake from a user`, user: { login: 'mallory' } });
  const a = await upsertComment(gh, 7, `${REPORT_MARKER}\nfirst`);
  assert.equal(a.action, 'created');
  const b = await upsertComment(gh, 7, `${REPORT_MARKER}\nsecond`);
  assert.deepEqual(b, { action: 'updated', id: a.id });
  const bot = state.comments.filter((c) => c.user.login === 'github-actions[bot]');
  assert.equal(bot.length, 1);
  assert.equal(bot[0]!.body, `${REPORT_MARKER}\nsecond`);
  assert.equal(state.comments.find((c) => c.id === 1)!.body, `${REPORT_MARKER}\nfake from a user`);
  await assert.rejects(upsertComment(gh, 7, 'no marker'), /marker/);
  assert.deepEqual([...state.auth], ['Bearer t0ken']);
});

test('createComment: the id GitHub answers is a positive safe integer, or the call fails with a line naming the route and the value', async () => {
  for (const bad of ['12/../../pulls/1', 0, -3, 1.5, 2 ** 53, null, undefined, '101']) {
    state.answerId = bad;
    await assert.rejects(createComment(gh, 8, 'x'), (e: Error) => {
      assert.equal(e.message, `GitHub API POST /repos/o/r/issues/8/comments: the comment id answered is not a positive integer: ${JSON.stringify(bad) ?? 'undefined'}`);
      return true;
    });
  }
  state.answerId = 2 ** 53 - 1;
  assert.equal(await createComment(gh, 8, 'x'), 2 ** 53 - 1);
});

test('an id that is not a positive integer is refused before any request, named for what it is', async () => {
  const sent = state.requests.length;
  await assert.rejects(updateComment(gh, '5/../../../pulls/7' as unknown as number, 'x'), { message: 'not a comment id: "5/../../../pulls/7"' });
  await assert.rejects(updateComment(gh, 0, 'x'), { message: 'not a comment id: 0' });
  await assert.rejects(async () => listPrFiles(gh, 2 ** 53), { message: `not a pull request number: ${2 ** 53}` });
  assert.equal(state.requests.length, sent, 'a request was sent with a bad id');
});

test('upsert: no secret the workflow holds reaches the public comment', async () => {
  const hf = 'hf_secretTOKEN_4242424242';
  process.env.HF_TOKEN = hf;
  try {
    await upsertComment(gh, 7, `${REPORT_MARKER}\nserver said: Authorization: Bearer t0ken-not-this; token ${hf}`);
    const bot = state.comments.filter((c) => c.user.login === 'github-actions[bot]');
    assert.ok(!bot.some((c) => c.body.includes(hf)), bot.map((c) => c.body).join('\n'));
    assert.ok(bot.some((c) => c.body.includes('token [redacted]')));
  } finally {
    delete process.env.HF_TOKEN;
  }
});

test('pr-files: only data files under the data folders, with safe names, are written; code and workflows never', async () => {
  state.files = [
    { filename: 'submissions/acme/model-1.yaml', status: 'added' },
    { filename: 'submissions/acme/old.yaml', status: 'removed' },
    { filename: 'benchmark/suites/v1.yaml', status: 'modified' },
    { filename: 'results/model-1/summary.json', status: 'added' },
    { filename: 'package.json', status: 'modified' },
    { filename: '.github/workflows/validate.yml', status: 'modified' },
    { filename: 'runners/cli/main.ts', status: 'modified' },
    { filename: 'submissions/acme/evil;rm -rf.yaml', status: 'added' },
    { filename: 'submissions/.hidden/x.yaml', status: 'added' },
    { filename: 'submissions/acme/notes.md', status: 'added' },
  ];
  for (const f of state.files) state.contents.set(f.filename, `content of ${f.filename}\n`);
  const plan = planPrFiles(state.files);
  assert.deepEqual(plan.fetch, ['submissions/acme/model-1.yaml', 'benchmark/suites/v1.yaml', 'results/model-1/summary.json']);
  assert.equal(plan.changed.length, state.files.length);

  const root = mkdtempSync(join(tmpdir(), 'userturn-prfiles-'));
  await materialise(gh, 7, HEAD, root);
  for (const p of plan.fetch) assert.equal(readFileSync(join(root, p), 'utf8'), `content of ${p}\n`);
  for (const p of ['package.json', '.github/workflows/validate.yml', 'runners/cli/main.ts', 'submissions/acme/evil;rm -rf.yaml', 'submissions/acme/old.yaml']) {
    assert.equal(existsSync(join(root, p)), false, `${p} must not be written`);
  }
  await assert.rejects(materialise(gh, 7, 'c'.repeat(40), root), /head moved/);

  // The probe workflow takes only the submission: a suite change in the same pull request stays out.
  const only = mkdtempSync(join(tmpdir(), 'userturn-prfiles-'));
  await materialise(gh, 7, HEAD, only, ['submissions/acme/model-1.yaml']);
  assert.ok(existsSync(join(only, 'submissions/acme/model-1.yaml')));
  assert.equal(existsSync(join(only, 'benchmark/suites/v1.yaml')), false);
  await assert.rejects(materialise(gh, 7, HEAD, only, ['package.json']), /not data files changed/);
});

test('pr-files: size limits: a YAML over 1 MiB is left for validate to refuse; a large samples shard is copied whole', async () => {
  const big = 'x'.repeat(2 * 1024 * 1024);
  state.files = [
    { filename: 'submissions/acme/huge.yaml', status: 'added' },
    { filename: 'results/m/samples/gsm8k.jsonl', status: 'added' },
  ];
  state.contents.set('submissions/acme/huge.yaml', `id: ${big}\n`);
  state.contents.set('results/m/samples/gsm8k.jsonl', `${'{"a":1}\n'.repeat(300_000)}`);
  const root = mkdtempSync(join(tmpdir(), 'userturn-prfiles-'));
  await materialise(gh, 7, HEAD, root);
  const { statSync } = await import('node:fs');
  assert.equal(statSync(join(root, 'submissions/acme/huge.yaml')).size, 1024 * 1024 + 1);
  assert.equal(readFileSync(join(root, 'results/m/samples/gsm8k.jsonl'), 'utf8'), state.contents.get('results/m/samples/gsm8k.jsonl'));
});
