import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

/** Bad labelled sets and MT-Bench files are named by file (and line), never a bare parser message or a stack trace. */

test('calibrate --set: a YAML syntax error and a missing contexts.yaml name the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-cal-bad-'));
  const set = join(dir, 'set');
  mkdirSync(set);
  writeFileSync(join(set, 'contexts.yaml'), 'format: 1\ncontexts:\n  - id: c1\n    domain: math\n    question: q\n    response: a\n');
  writeFileSync(join(set, 'items-x.yaml'), 'format: 1\nitems:\n  - ctx: c1\n   label: [unclosed\n');
  let r = runCli(['calibrate', '--set', set]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, new RegExp(`${join(set, 'items-x.yaml').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: `));
  assert.doesNotMatch(r.stderr, /\n\s+at /);

  const empty = join(dir, 'empty');
  mkdirSync(empty);
  r = runCli(['calibrate', '--set', empty]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /contexts\.yaml: /);
});

test('calibrate: a malformed MT-Bench question.jsonl line is named file:line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-cal-mt-'));
  mkdirSync(join(dir, 'mt_bench'));
  writeFileSync(join(dir, 'mt_bench', 'question.jsonl'), '{"question_id": 81, "category": "writing", "turns": ["a", "b"]}\n{not json\n{"question_id": 83}\n');
  const r = runCli(['calibrate', '--data-dir', dir]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /question\.jsonl:2: /);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});

test('calibrate: an MT-Bench line without turns is named file:line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-cal-mt2-'));
  mkdirSync(join(dir, 'mt_bench'));
  writeFileSync(join(dir, 'mt_bench', 'question.jsonl'), '{"question_id": 81, "category": "writing", "turns": ["a", "b"]}\n{"question_id": 83}\n');
  const r = runCli(['calibrate', '--data-dir', dir]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /question\.jsonl:2: /);
});

test('calibrate: a broken approved-judges.yaml (USERTURN_BENCHMARK_DIR) is named file and field, exit 1, no stack', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-cal-policy-'));
  const bench = join(dir, 'benchmark');
  cpSync(join(REPO_ROOT, 'benchmark'), bench, { recursive: true });
  const policy = join(bench, 'policy', 'approved-judges.yaml');
  writeFileSync(policy, readFileSync(policy, 'utf8').replace(/prompt_versions: \[([^\]]*)\]/, 'prompt_versions: $1'));
  const out = join(dir, 'out');
  const r = runCli(['calibrate', '--out', out], { env: { USERTURN_BENCHMARK_DIR: bench, USERTURN_DATA_DIR: '' } });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stderr, /approved-judges\.yaml: approved_judges\[0\]\.prompt_versions: /);
  assert.doesNotMatch(r.stderr, /\n\s+at /);
});
