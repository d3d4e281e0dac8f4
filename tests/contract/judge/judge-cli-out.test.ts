import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from '../../helpers/cli.ts';

/** An --out the command cannot write is a `file: (file): message` error, not an unhandled stream error. */
test('userturn judge --out in a missing folder: one-line error naming the file, no stack trace, no output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-judge-out-'));
  const input = join(dir, 'in.jsonl');
  writeFileSync(input, '{"id":"a","question":"What is 2+3?","response":"5","user_turn":"Why 5 and not 6?"}\n');
  const out = join(dir, 'missing', 'labels.jsonl');
  const r = runCli(['judge', '--input', input, '--out', out]);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, new RegExp(`^${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\(file\\): cannot write`, 'm'), r.stderr);
  assert.doesNotMatch(r.stderr, /Unhandled|\n\s+at /, r.stderr);
  assert.equal(existsSync(out), false);
  assert.deepEqual(readdirSync(dir), ['in.jsonl']);
});
