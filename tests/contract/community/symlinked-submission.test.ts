import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { stringify } from 'yaml';
import { runCli } from '../../helpers/cli.ts';
import { paperSubmission, tempRepo } from '../../helpers/community-fixtures.ts';

/**
 * A submission is never read through a symbolic link: not by validate, serve-cmd, run or pr-report. A pull request
 * checked out by a maintainer can hold a link to any file of the machine, and whatever it held reached the output
 * (serve-cmd printed the model repository of a linked file; validate and pr-report read a file under a linked
 * folder; the repository scan of the cross-file rules read linked files and said which model they named).
 */
const SECRET = 'sk-live-XYZZY-do-not-print';
const SECRET_REPO = 'secretorg/XYZZY-9B';

/** A folder outside the repository holding a valid submission whose every free field carries the secret. */
function outside(id: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-outside-'));
  const sub = paperSubmission();
  sub.id = id;
  sub.display_name = `Model ${SECRET}`;
  sub.hf.repo = SECRET_REPO;
  sub.notes = `token ${SECRET}`;
  writeFileSync(join(dir, `${id}.yaml`), stringify(sub));
  writeFileSync(join(dir, 'evil.jinja'), `{{ '${SECRET}' }}{% for m in messages %}{{ m.content }}{% endfor %}`);
  return dir;
}

/** Before the fix, run read the linked file and went to the hub for its model: never from a test. */
const OFFLINE = { HF_HUB_OFFLINE: '1' };
const LINK = /is a symbolic link: userturn reads no link/;

function assertClean(out: string, what: string): void {
  assert.doesNotMatch(out, /XYZZY/, `${what}: the linked content reached the output:\n${out}`);
  assert.doesNotMatch(out, /internal error|\n\s+at /, `${what}: a stack trace:\n${out}`);
}

describe('a linked submission file is refused, never read', () => {
  const dir = outside('linked');
  const root = tempRepo({ 'submissions/qwen/qwen3.5-9b.yaml': paperSubmission() });
  mkdirSync(join(root, 'submissions', 'acme'));
  symlinkSync(join(dir, 'linked.yaml'), join(root, 'submissions', 'acme', 'linked.yaml'));
  const file = 'submissions/acme/linked.yaml';

  it('serve-cmd: exit 1, `file: (file): is a symbolic link`, nothing on stdout', () => {
    const r = runCli(['serve-cmd', file], { cwd: root });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, new RegExp(`^${file}: \\(file\\): is a symbolic link: userturn reads no link`, 'm'));
    assertClean(r.stdout + r.stderr, 'serve-cmd');
  });

  it('run --dry-run: refused the same way', () => {
    const r = runCli(['run', file, '--dry-run'], { cwd: root, env: OFFLINE });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`${file}: \\(file\\): ${LINK.source}`));
    assertClean(r.stdout + r.stderr, 'run');
  });

  it('pr-report: the link is an error line in the comment, the file is not read', () => {
    const out = join(root, 'report.md');
    const r = runCli(['pr-report', '--no-plan', '--changed', file, '--out', out], { cwd: root });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const md = readFileSync(out, 'utf8');
    assert.match(md, /` submissions\/acme\/linked\.yaml `: ` \(file\) `: is a symbolic link/);
    assertClean(md + r.stdout + r.stderr, 'pr-report');
  });

  it('the cross-file rules do not read it either (no clash with what a link holds)', () => {
    // A submission naming the linked file's model: a clash would confirm what the link target says.
    const probe = paperSubmission();
    probe.hf.repo = SECRET_REPO;
    writeFileSync(join(root, 'submissions', 'qwen', 'qwen3.5-9b.yaml'), stringify(probe));
    const r = runCli(['pr-report', '--no-plan', '--changed', 'submissions/qwen/qwen3.5-9b.yaml'], { cwd: root });
    assert.doesNotMatch(r.stdout, /already submitted by/, r.stdout);
    const v = runCli(['validate', 'submissions/qwen/qwen3.5-9b.yaml'], { cwd: root });
    assert.doesNotMatch(v.stderr, /already submitted by/, v.stderr);
    writeFileSync(join(root, 'submissions', 'qwen', 'qwen3.5-9b.yaml'), stringify(paperSubmission()));
  });
});

describe('a submission in a linked folder is refused, never read', () => {
  const dir = outside('inside');
  const root = tempRepo({ 'submissions/qwen/qwen3.5-9b.yaml': paperSubmission() });
  symlinkSync(dir, join(root, 'submissions', 'inside'));
  const file = 'submissions/inside/inside.yaml';
  const message = new RegExp(`^${file}: \\(file\\): its folder submissions/inside ${LINK.source}`, 'm');

  for (const args of [['serve-cmd', file], ['validate', file], ['run', file, '--dry-run']]) {
    it(`${args[0]}: exit 1, the folder named`, () => {
      const r = runCli(args, { cwd: root, env: OFFLINE });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stderr, message);
      assertClean(r.stdout + r.stderr, args[0]!);
    });
  }

  it('pr-report: an error line, the file is not read', () => {
    const r = runCli(['pr-report', '--no-plan', '--changed', file], { cwd: root });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /` submissions\/inside\/inside\.yaml `: ` \(file\) `: its folder submissions\\\/inside is a symbolic link/);
    assertClean(r.stdout + r.stderr, 'pr-report');
  });
});

describe('a chat_template.path that is a link (or lies in a linked folder) is refused', () => {
  const dir = outside('unused');
  const cases: Array<[string, (root: string) => void, RegExp]> = [
    // Inside the repository too: the rule is "no link", not "no link leading out" (the target could change under it).
    ['a link to a file in the repository', (root) => {
      writeFileSync(join(root, 'templates', 'real.jinja'), '{% for m in messages %}{{ m.content }}{% endfor %}');
      symlinkSync('real.jinja', join(root, 'templates', 'evil.jinja'));
    }, /"templates\/evil\.jinja" is a symbolic link: userturn reads no link/],
    ['a linked templates folder', (root) => symlinkSync(dir, join(root, 'templates')), /"templates\/evil\.jinja": its folder templates is a symbolic link: userturn reads no link/],
  ];
  for (const [name, setup, message] of cases) {
    it(`${name}: serve-cmd, validate and pr-report name chat_template.path`, () => {
      const sub = paperSubmission();
      sub.chat_template = { source: 'file', path: 'templates/evil.jinja' };
      const root = tempRepo({ 'submissions/qwen/qwen3.5-9b.yaml': sub });
      if (!name.includes('folder')) mkdirSync(join(root, 'templates'));
      setup(root);
      const file = 'submissions/qwen/qwen3.5-9b.yaml';
      for (const args of [['serve-cmd', file], ['validate', file]]) {
        const r = runCli(args, { cwd: root });
        assert.equal(r.code, 1, `${args[0]}: ${r.stdout}${r.stderr}`);
        const line = r.stderr.split('\n').find((l) => l.startsWith(`${file}: chat_template.path: `));
        assert.ok(line, `${args[0]}: no chat_template.path line:\n${r.stderr}`);
        assert.match(line, message);
        assertClean(r.stdout + r.stderr, args[0]!);
      }
      const r = runCli(['pr-report', '--no-plan', '--changed', file], { cwd: root });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /` chat_template\.path `: .*symbolic link/);
      assertClean(r.stdout, 'pr-report');
    });
  }
});

describe('a dangling link among the submissions', () => {
  it('validate and pr-report of another submission still answer (no crash, no stack trace)', () => {
    const root = tempRepo({ 'submissions/qwen/qwen3.5-9b.yaml': paperSubmission() });
    symlinkSync('/nonexistent-userturn-target', join(root, 'submissions', 'dangling'));
    const v = runCli(['validate', 'submissions/qwen/qwen3.5-9b.yaml'], { cwd: root });
    assert.equal(v.code, 0, v.stdout + v.stderr);
    assertClean(v.stderr, 'validate');
    const r = runCli(['pr-report', '--no-plan', '--changed', 'submissions/qwen/qwen3.5-9b.yaml'], { cwd: root });
    assert.equal(r.code, 0, r.stdout + r.stderr);
  });

  it('a dangling link named as changed is refused as a link (not passed over as deleted)', () => {
    const root = tempRepo({ 'submissions/qwen/qwen3.5-9b.yaml': paperSubmission() });
    symlinkSync('/nonexistent-userturn-target', join(root, 'submissions', 'qwen', 'gone.yaml'));
    const r = runCli(['pr-report', '--no-plan', '--changed', 'submissions/qwen/gone.yaml'], { cwd: root });
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /` submissions\/qwen\/gone\.yaml `: ` \(file\) `: is a symbolic link/);
  });
});
