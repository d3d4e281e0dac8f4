import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { assertEscaped, HOSTILE } from '../../helpers/hostile-text.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const demo = (args: string[]) => spawnSync(process.execPath, [join(root, 'runners/demo/run-demo.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });

it('npm run demo -- --help prints usage (exit 0); bad flags and --limit abc are usage errors (exit 2) before anything starts', () => {
  const help = demo(['--help']);
  assert.equal(help.status, 0, help.stderr);
  assert.match(help.stdout, /^usage: npm run demo -- /);
  for (const [args, message] of [[['--limit', 'abc'], /--limit must be an integer >= 1, got "abc"/], [['--bogus'], /unknown option --bogus\n/m], [['extra'], /positional/i]] as const) {
    const r = demo([...args]);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message);
    assert.match(r.stderr, /usage: npm run demo/);
    assert.doesNotMatch(r.stderr, /\n\s+at |TypeError|ERR_PARSE_ARGS/);
    assert.doesNotMatch(r.stdout, /simulated profiles/, 'the demo did not start');
  }
});

it('the benchmark scripts answer --help and usage errors the same way (exit 0 / exit 2, no stack trace)', () => {
  for (const script of ['bench/runner-throughput.ts', 'bench/judge-vs-simulator.ts']) {
    const run = (args: string[]) => spawnSync(process.execPath, [join(root, script), ...args], { cwd: root, encoding: 'utf8', timeout: 30_000 });
    const help = run(['--help']);
    assert.equal(help.status, 0, `${script}: ${help.stderr}`);
    assert.match(help.stdout, /^usage: /);
    const bad = run(['--bogus']);
    assert.equal(bad.status, 2, `${script}: ${bad.stderr}`);
    assert.match(bad.stderr, /unknown option --bogus[\s\S]*usage: /);
    assert.doesNotMatch(bad.stderr, /\n\s+at |ERR_PARSE_ARGS/);
  }
});

it('workflow scripts answer an unknown flag with one line and exit 2 (usage), not 1', () => {
  for (const script of ['runners/community/upsert-comment.ts', 'runners/community/pr-files.ts', 'runners/community/probe-job.ts']) {
    const r = spawnSync(process.execPath, [join(root, script), '--bogus'], { cwd: root, encoding: 'utf8', timeout: 30_000, env: { ...process.env, GITHUB_TOKEN: '', GITHUB_REPOSITORY: '' } });
    assert.equal(r.status, 2, `${script}: ${r.stderr}`);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /--bogus/);
  }
});

it('the demo says which result folders it removes from its results folder (they went without a word)', async () => {
  const out = await mkdtemp(join(tmpdir(), 'ut-demo-drop-'));
  // A hand-made run written into the demo's results folder, and a folder that holds no result (kept).
  await mkdir(join(out, 'results', 'my-model'), { recursive: true });
  await writeFile(join(out, 'results', 'my-model', 'summary.json'), '{}');
  await mkdir(join(out, 'results', 'notes'));
  const r = spawnSync(process.execPath, [join(root, 'runners/demo/run-demo.ts'), '--profiles', 'caricature', '--limit', '1', '--skip-build', '--out', out], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  const removed = r.stdout.split('\n').filter((l) => l.startsWith('removed '));
  assert.deepEqual(removed, [`removed ${join(out, 'results', 'my-model')}: not one of the demo's models`]);
  assert.equal(existsSync(join(out, 'results', 'my-model')), false);
  assert.equal(existsSync(join(out, 'results', 'notes')), true);
  // A second run keeps its own models' folders: nothing to say.
  const again = spawnSync(process.execPath, [join(root, 'runners/demo/run-demo.ts'), '--profiles', 'caricature', '--limit', '1', '--skip-build', '--out', out], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  assert.equal(again.status, 0, again.stdout + again.stderr);
  assert.doesNotMatch(again.stdout, /^removed /m);
  await rm(out, { recursive: true, force: true });
});

it('npm run demo -- --out a path with escape sequences, U+202E and a line break that cannot be made: "demo failed" shows it escaped, on one line (exit 1)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ut-demo-hostile-'));
  try {
    const file = join(dir, 'a-file');
    await writeFile(file, 'x');
    const r = demo(['--out', join(file, `d${HOSTILE}`), '--limit', '1', '--skip-build']);
    assert.equal(r.status, 1, r.stdout + r.stderr);
    assertEscaped({ stdout: r.stdout, stderr: r.stderr });
    assert.match(r.stderr, /^demo failed: .* run .*d\\u001b\]0;PWNED\\u0007\\u202eevil\\nuserturn: ok\/results .* exited with 1$/m);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
