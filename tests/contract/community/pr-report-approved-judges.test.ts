import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';
import { tempRepo } from '../../helpers/community-fixtures.ts';

/**
 * pr-report reads benchmark/policy/approved-judges.yaml (the verified rule) when a result changes. It read it with
 * zod's parse: a broken file ended in zod's raw issue list and an internal error's stack, and it read the
 * repository's file even with USERTURN_BENCHMARK_DIR set, which the site build and the runner honour.
 */
const POLICY = 'benchmark/policy/approved-judges.yaml';
const gen = mkdtempSync(join(tmpdir(), 'userturn-synth-'));
after(() => rmSync(gen, { recursive: true, force: true }));
const made = spawnSync(process.execPath, [join(REPO_ROOT, 'bench/synthetic/generate.ts'), '--out', gen, '--models', '1', '--items', '2'], { encoding: 'utf8' });
assert.equal(made.status, 0, made.stderr);
const id = readdirSync(gen)[0]!;
const changed = `results/${id}/summary.json`;
const brokenPolicy = readFileSync(join(REPO_ROOT, POLICY), 'utf8').replace('prompt_versions: [judge-v1]', 'prompt_versions: judge-v1');

/** A repository root with the real suites and a changed result, and the approved-judges text given. */
function repoWith(policy: string): string {
  return tempRepo({
    'benchmark/suites/v1.yaml': readFileSync(join(REPO_ROOT, 'benchmark/suites/v1.yaml'), 'utf8'),
    [POLICY]: policy,
    [changed]: readFileSync(join(gen, id, 'summary.json'), 'utf8'),
    [`submissions/openai/${id}.yaml`]: readFileSync(join(REPO_ROOT, `submissions/openai/${id}.yaml`), 'utf8'),
  });
}

test('a broken approved-judges.yaml: file: field: message, exit 1, no stack', () => {
  const root = repoWith(brokenPolicy);
  const r = runCli(['pr-report', '--changed', changed, '--no-plan'], { cwd: root });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /^invalid approved-judges file\nbenchmark\/policy\/approved-judges\.yaml: approved_judges\[0\]\.prompt_versions: Invalid input: expected array, received string "judge-v1"$/m);
  assert.doesNotMatch(r.stderr, /internal error|^\s+at |"code":/m);

  const yaml = runCli(['pr-report', '--changed', changed, '--no-plan'], { cwd: repoWith('format: 1\napproved_judges: [\n') });
  assert.equal(yaml.code, 1, yaml.stderr);
  assert.match(yaml.stderr, /^benchmark\/policy\/approved-judges\.yaml: \(file\): invalid YAML \(line \d+, column \d+\): /m);
  assert.doesNotMatch(yaml.stderr, /internal error|^\s+at /m);
});

test('USERTURN_BENCHMARK_DIR: pr-report reads the approved judges from that folder, as the site build does', () => {
  const root = repoWith(readFileSync(join(REPO_ROOT, POLICY), 'utf8'));
  const bench = mkdtempSync(join(tmpdir(), 'userturn-bench-'));
  try {
    cpSync(join(REPO_ROOT, 'benchmark'), bench, { recursive: true });
    // The repository's file is fine; the folder's is broken, so only a read of the folder's fails.
    writeFileSync(join(bench, 'policy', 'approved-judges.yaml'), brokenPolicy);
    const r = runCli(['pr-report', '--changed', changed, '--no-plan'], { cwd: root, env: { USERTURN_BENCHMARK_DIR: bench } });
    assert.equal(r.code, 1, r.stderr);
    assert.ok(r.stderr.includes(`${join(bench, 'policy', 'approved-judges.yaml')}: approved_judges[0].prompt_versions: `), r.stderr);
    // Without the variable, the repository's own file is read and the report renders.
    const ok = runCli(['pr-report', '--changed', changed, '--no-plan'], { cwd: root, env: { USERTURN_BENCHMARK_DIR: '' } });
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /\*\*Not verified\*\*/);
  } finally { rmSync(bench, { recursive: true, force: true }); }
});
