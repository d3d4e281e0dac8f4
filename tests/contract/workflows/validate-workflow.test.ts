import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { parse, stringify } from 'yaml';
import { REPORT_MARKER } from '../../../runners/community/pr-report.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { seedHubTemplate } from '../../helpers/hub-cache.ts';

/**
 * Runs the `run:` steps of .github/workflows/validate.yml, as written, with bash -eo pipefail (GitHub's default
 * shell), in a copy of the committed repository, against a loopback stand-in for the GitHub REST API.
 * `uses:` steps are replaced by their local equivalent (the copy is the checkout; node_modules is linked).
 */

const DATA = process.env.USERTURN_DATA_DIR ?? resolve(REPO_ROOT, '..', 'shared', 'datasets');
const haveData = existsSync(join(DATA, 'gsm8k'));
const HEAD = 'c'.repeat(40);

const api = { files: [] as Array<{ filename: string; status: string }>, contents: new Map<string, string>(), comments: [] as Array<{ id: number; body: string; user: { login: string } }> };
let server: Server;
let apiUrl = '';
const body = (req: IncomingMessage) => new Promise<string>((r) => { let b = ''; req.on('data', (c) => (b += c)); req.on('end', () => r(b)); });

before(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const json = (code: number, v: unknown) => { res.writeHead(code, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    const first = (url.searchParams.get('page') ?? '1') === '1';
    let m: RegExpExecArray | null;
    if (url.pathname === '/repos/o/r/pulls/7') return json(200, { head: { sha: HEAD } });
    if (url.pathname === '/repos/o/r/pulls/7/files') return json(200, first ? api.files : []);
    if ((m = /^\/repos\/o\/r\/contents\/(.+)$/.exec(url.pathname))) {
      const c = api.contents.get(decodeURIComponent(m[1]!));
      if (c === undefined || url.searchParams.get('ref') !== HEAD) return json(404, {});
      res.writeHead(200);
      return res.end(c);
    }
    if (url.pathname === '/repos/o/r/issues/7/comments' && req.method === 'GET') return json(200, first ? api.comments : []);
    if (url.pathname === '/repos/o/r/issues/7/comments' && req.method === 'POST') {
      const id = 500 + api.comments.length;
      api.comments.push({ id, body: JSON.parse(await body(req)).body, user: { login: 'github-actions[bot]' } });
      return json(201, { id });
    }
    if ((m = /^\/repos\/o\/r\/issues\/comments\/(\d+)$/.exec(url.pathname)) && req.method === 'PATCH') {
      api.comments.find((c) => c.id === Number(m![1]))!.body = JSON.parse(await body(req)).body;
      return json(200, {});
    }
    json(404, {});
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => server.close());

/** A checkout of the committed tree (the trusted base), with node_modules linked and an offline template cache. */
function checkout(): { repo: string; env: NodeJS.ProcessEnv } {
  const tmp = mkdtempSync(join(tmpdir(), 'userturn-validate-wf-'));
  const repo = join(tmp, 'repo');
  mkdirSync(repo);
  execFileSync('bash', ['-c', `git -C "${REPO_ROOT}" archive HEAD | tar -x -C "${repo}"`]);
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(repo, 'node_modules'));
  const cache = join(tmp, 'cache');
  seedHubTemplate(join(tmp, 'hub'), 'Qwen/Qwen3.5-0.8B', 'main');
  const runnerTemp = join(tmp, 'runner-temp');
  mkdirSync(runnerTemp);
  const env: NodeJS.ProcessEnv = {
    PATH: `${join(REPO_ROOT, 'node_modules', '.bin')}:${process.env.PATH}`,
    HOME: process.env.HOME,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: join(tmp, 'output'),
    GITHUB_STEP_SUMMARY: join(tmp, 'summary.md'),
    GITHUB_REPOSITORY: 'o/r',
    GITHUB_API_URL: apiUrl,
    USERTURN_CACHE_DIR: cache,
    USERTURN_DATA_DIR: DATA,
    HF_HUB_CACHE: join(tmp, 'hub'),
    HF_HUB_OFFLINE: '1',
  };
  return { repo, env };
}

interface StepRun { name: string; id?: string; code: number; output: string }

/** Run the job's steps in order, the way the runner would (env merged job → step; `if:` on step outputs). */
async function runJob(repo: string, baseEnv: NodeJS.ProcessEnv, exprs: Record<string, string>): Promise<StepRun[]> {
  const wf = parse(readFileSync(join(repo, '.github/workflows/validate.yml'), 'utf8'));
  const job = wf.jobs.validate;
  const sub = (v: unknown) => String(v).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, e: string) => {
    if (!(e in exprs)) throw new Error(`no test value for expression ${e}`);
    return exprs[e]!;
  });
  const jobEnv = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, sub(v)]));
  const outputs: Record<string, Record<string, string>> = {};
  const done: StepRun[] = [];
  for (const step of job.steps) {
    if (step.uses) continue; // checkout / setup-node: the copy and this Node stand in for them
    if (/npm ci/.test(step.run)) continue; // node_modules is linked
    if (step.if) {
      const parts = String(step.if).split('||').map((p) => /steps\.(\w+)\.outputs\.(\w+) != '(\w*)'/.exec(p.trim()));
      assert.ok(parts.every(Boolean), `test cannot evaluate if: ${step.if}`);
      if (!parts.some((m) => (outputs[m![1]!]?.[m![2]!] ?? '') !== m![3])) continue;
    }
    writeFileSync(baseEnv.GITHUB_OUTPUT!, '');
    // Async: the fake API answers from this same process.
    const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, sub(v)]));
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], { cwd: repo, env: { ...baseEnv, ...jobEnv, ...stepEnv } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (status) => done({ status, stdout, stderr }));
    });
    if (step.id) outputs[step.id] = Object.fromEntries(readFileSync(baseEnv.GITHUB_OUTPUT!, 'utf8').split('\n').filter(Boolean).map((l) => l.split('=', 2) as [string, string]));
    done.push({ name: step.name, id: step.id, code: r.status ?? 1, output: `${r.stdout}${r.stderr}` });
    if (r.status !== 0) break; // a failing step fails the job
  }
  return done;
}

function submission(rel: string, mutate: (s: Record<string, any>) => void = () => {}): string {
  const s = parse(readFileSync(join(REPO_ROOT, rel), 'utf8'));
  mutate(s);
  return `# yaml-language-server: $schema=../schema.json\n${stringify(s)}`;
}

const exprs = {
  'github.event.pull_request.number': '7',
  'github.event.pull_request.head.sha': HEAD,
  'github.token': 'test-token',
};

/** The revision the new submission pins: its template is seeded in the Hub cache for it. */
const PINNED = '0123456789abcdef0123456789abcdef01234567';

test('validate.yml, step by step: a broken submission gets one comment listing its errors and fails the job; the fix updates the same comment and passes', { skip: haveData ? false : `datasets not found at ${DATA}`, timeout: 180_000 }, async () => {
  // Round 1: a new valid model, a broken one, a code change and a workflow change (never copied in).
  const valid = submission('submissions/qwen/qwen3.5-0.8b.yaml', (s) => {
    s.id = 'qwen3.5-0.8b-base';
    s.display_name = 'Qwen3.5 0.8B [base](https://evil.example) @octocat';
    s.hf.revision = PINNED;
  });
  api.files = [
    { filename: 'submissions/qwen/qwen3.5-0.8b-base.yaml', status: 'added' },
    { filename: 'submissions/acme/broken.yaml', status: 'added' },
    { filename: 'runners/cli/main.ts', status: 'modified' },
    { filename: '.github/workflows/validate.yml', status: 'modified' },
  ];
  api.contents = new Map([
    ['submissions/qwen/qwen3.5-0.8b-base.yaml', valid],
    ['submissions/acme/broken.yaml', submission('submissions/qwen/qwen3.5-9b.yaml', (s) => { s.id = 'broken'; s.hf.repo = 'acme/broken'; s.params.total_b = 'nine'; s.extra = 1; })],
    ['runners/cli/main.ts', 'process.exit(0) // must never be written or run\n'],
    ['.github/workflows/validate.yml', 'name: pwned\n'],
  ]);
  // The template cache entry for the renamed model (same repo and revision as the fixture template).
  const { repo, env } = checkout();
  seedHubTemplate(env.HF_HUB_CACHE!, 'Qwen/Qwen3.5-0.8B', PINNED);

  const steps1 = await runJob(repo, env, exprs);
  const byName = (steps: StepRun[], re: RegExp) => steps.find((s) => re.test(s.name));
  assert.equal(byName(steps1, /Copy in/)?.code, 0, byName(steps1, /Copy in/)?.output);
  assert.equal(readFileSync(join(repo, 'runners/cli/main.ts'), 'utf8').includes('must never be written'), false, 'code from the PR was written');
  assert.notEqual(readFileSync(join(repo, '.github/workflows/validate.yml'), 'utf8'), 'name: pwned\n');
  assert.match(byName(steps1, /userturn validate/)!.output, /submissions\/acme\/broken\.yaml: params\.total_b: /);
  assert.equal(byName(steps1, /Post or update/)?.code, 0, byName(steps1, /Post or update/)?.output);
  const fail = byName(steps1, /Fail when/);
  assert.equal(fail?.code, 1, 'the job must fail while there are errors');
  assert.equal(api.comments.length, 1);
  const c1 = api.comments[0]!.body;
  assert.ok(c1.startsWith(REPORT_MARKER));
  assert.match(c1, /^- ` submissions\/acme\/broken\.yaml `: ` params\.total_b `: /m);
  assert.match(c1, /^- ` submissions\/acme\/broken\.yaml `: ` extra `: unknown key/m);
  assert.ok(c1.includes('\\[base\\]\\(https\u200B\\:\\/\\/evil\\.example\\) \\@\u200Boctocat'), 'hostile display name shown escaped');
  assert.ok(!c1.includes('[base](https://evil.example)') && !/@octocat/.test(c1), 'no live link or mention');
  assert.match(c1, /\| Planned run \| [\d,]+ requests, /);
  assert.match(readFileSync(env.GITHUB_STEP_SUMMARY!, 'utf8'), /userturn submission check/);

  // Round 2: the broken file is fixed (here: removed from the PR); the same comment is updated; the job passes.
  api.files = api.files.filter((f) => f.filename !== 'submissions/acme/broken.yaml');
  const again = checkout();
  seedHubTemplate(again.env.HF_HUB_CACHE!, 'Qwen/Qwen3.5-0.8B', PINNED);
  const steps2 = await runJob(again.repo, again.env, exprs);
  assert.ok(steps2.every((s) => s.code === 0), steps2.map((s) => `${s.name}: ${s.code}\n${s.output}`).join('\n'));
  assert.equal(byName(steps2, /Fail when/), undefined, 'the failing step is skipped');
  assert.equal(api.comments.length, 1, 'still one comment');
  assert.match(api.comments[0]!.body, /✅ \*\*1 changed file valid\.\*\*/);
});
