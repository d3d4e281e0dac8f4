import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT, runCli } from '../../helpers/cli.ts';

const FIX = join(REPO_ROOT, 'tests/fixtures/verifiers');
const DATA = join(FIX, 'data');
const env = { USERTURN_DATA_DIR: DATA };
const tmp = mkdtempSync(join(tmpdir(), 'userturn-score-'));

function score(args: string[], e: NodeJS.ProcessEnv = env) {
  return runCli(['score', ...args], { env: e });
}

test('score --json prints exactly one JSON object with the five fields (gsm8k: accuracy everywhere)', () => {
  const r = score(['--dataset', 'gsm8k', '--responses', join(FIX, 'gsm8k-responses.jsonl'), '--json']);
  assert.equal(r.code, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 1);
  const o = JSON.parse(lines[0]!) as Record<string, number>;
  assert.deepEqual(Object.keys(o), ['n', 'prompt_strict', 'prompt_loose', 'instruction_strict', 'instruction_loose']);
  assert.equal(o.n, 3);
  for (const k of ['prompt_strict', 'prompt_loose', 'instruction_strict', 'instruction_loose']) assert.ok(Math.abs(o[k]! - 2 / 3) < 1e-12, k);
});

test('score prints the four aggregates for ifeval (prompt found by text or by key) and writes --per-item lines', () => {
  const per = join(tmp, 'per.jsonl');
  const r = score(['--dataset', 'ifeval', '--responses', join(FIX, 'ifeval-responses.jsonl'), '--per-item', per]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /ifeval: 2 responses scored/);
  assert.match(r.stdout, /prompt-level strict\s+50\.00%/);
  assert.match(r.stdout, /prompt-level loose\s+100\.00%/);
  assert.match(r.stdout, /instruction-level strict\s+66\.67%/);
  assert.match(r.stdout, /instruction-level loose\s+100\.00%/);
  const rows = readFileSync(per, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(rows.length, 2);
  assert.deepEqual(Object.keys(rows[0]!), ['prompt', 'strict', 'loose', 'instructions']);
  const second = rows[1] as { strict: boolean; loose: boolean; instructions: Array<{ id: string; strict: boolean; reason: string | null }> };
  assert.equal(second.strict, false);
  assert.equal(second.loose, true);
  assert.equal(second.instructions[1]!.id, 'startend:quotation');
  assert.match(second.instructions[1]!.reason!, /double quotation/);
});

test('score: ifbench prompts match with surrounding whitespace trimmed; gsm8k per-item lines explain the number', () => {
  const r = score(['--dataset', 'ifbench', '--responses', join(FIX, 'ifbench-responses.jsonl'), '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), { n: 2, prompt_strict: 0.5, prompt_loose: 0.5, instruction_strict: 0.5, instruction_loose: 0.5 });
  const per = join(tmp, 'gsm.jsonl');
  assert.equal(score(['--dataset', 'gsm8k', '--responses', join(FIX, 'gsm8k-responses.jsonl'), '--per-item', per, '--data-dir', DATA], {}).code, 0);
  const row = JSON.parse(readFileSync(per, 'utf8').split('\n')[1]!) as { instructions: Array<{ reason: string; extracted: string }> };
  assert.equal(row.instructions[0]!.extracted, '26');
  assert.match(row.instructions[0]!.reason, /extracted 26 \(last-number\); expected 27/);
});

test('score: bad lines are errors naming file and line, exit 1', () => {
  const bad = join(tmp, 'bad.jsonl');
  writeFileSync(bad, '{"prompt": "x", "response": "y"\n[1]\n{"prompt": "p"}\n{"key": 1.5, "response": ""}\n{"response": "no prompt"}\n');
  const r = score(['--dataset', 'ifeval', '--responses', bad]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /bad\.jsonl:1: invalid JSON/);
  assert.match(r.stderr, /bad\.jsonl:2: expected a JSON object/);
  assert.match(r.stderr, /bad\.jsonl:3: "response" must be a string/);
  assert.match(r.stderr, /bad\.jsonl:4: "key" must be a string or an integer/);
  assert.match(r.stderr, /bad\.jsonl:5: needs "prompt"/);
  assert.equal(r.stdout, '');
});

test('score: an unknown prompt fails unless --skip-unmatched; an empty file fails', () => {
  const f = join(tmp, 'unmatched.jsonl');
  writeFileSync(f, '{"prompt": "not in the set", "response": "hi"}\n{"key": 1, "response": "no commas here"}\n');
  const r = score(['--dataset', 'ifeval', '--responses', f]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /unmatched\.jsonl:1: no item of the dataset has this prompt "not in the set"/);
  const s = score(['--dataset', 'ifeval', '--responses', f, '--skip-unmatched', '--json']);
  assert.equal(s.code, 0, s.stderr);
  assert.equal((JSON.parse(s.stdout) as { n: number }).n, 1);
  const empty = join(tmp, 'empty.jsonl');
  writeFileSync(empty, '\n');
  assert.equal(score(['--dataset', 'ifeval', '--responses', empty]).code, 1);
});

test('score: usage errors exit 2; a missing dataset or responses file exits 1, as its usage says', () => {
  const resp = join(FIX, 'ifeval-responses.jsonl');
  assert.equal(score(['--responses', resp]).code, 2);
  assert.match(score(['--dataset', 'mmlu', '--responses', resp]).stderr, /--dataset must be one of/);
  assert.equal(score(['--dataset', 'mmlu', '--responses', resp]).code, 2);
  assert.equal(score(['--dataset', 'ifeval']).code, 2);
  assert.equal(score(['--dataset', 'ifeval', '--responses', resp, '--frobnicate']).code, 2);
  assert.equal(score(['--dataset', 'ifeval', '--responses', join(tmp, 'nope.jsonl')]).code, 1);
  const noDir = score(['--dataset', 'ifeval', '--responses', resp], { USERTURN_DATA_DIR: '' });
  assert.equal(noDir.code, 2);
  assert.match(noDir.stderr, /--data-dir/);
  const missing = score(['--dataset', 'ifeval', '--responses', resp, '--data-dir', tmp]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /input_data\.jsonl: cannot read/);
  assert.equal(score(['--help']).code, 0);
});
