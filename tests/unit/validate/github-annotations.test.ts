import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { run as validate } from '../../../runners/cli/commands/validate.ts';
import { githubAnnotation, pathSegments, yamlFieldPosition } from '../../../runners/validate/github-annotations.ts';

const YAML = ['# a comment', 'id: x', 'serving:', '  engine: vllm', '  engine_args:', '    trust-remote-code: true', 'list:', '  - a', '  - b: 1', ''].join('\n');

test('field paths split back into keys and indices', () => {
  assert.deepEqual(pathSegments('serving.engine_args.trust-remote-code'), ['serving', 'engine_args', 'trust-remote-code']);
  assert.deepEqual(pathSegments('datasets[2].id'), ['datasets', 2, 'id']);
  assert.deepEqual(pathSegments('(root)'), []);
});

test('a YAML field maps to the line and column of its key', () => {
  assert.deepEqual(yamlFieldPosition(YAML, 'id'), { line: 2, col: 1 });
  assert.deepEqual(yamlFieldPosition(YAML, 'serving.engine_args.trust-remote-code'), { line: 6, col: 5 });
  assert.deepEqual(yamlFieldPosition(YAML, 'list[1].b'), { line: 9, col: 5 });
  assert.deepEqual(yamlFieldPosition(YAML, 'list[1]'), { line: 9, col: 5 });
});

test('a missing field points at the deepest part of its path that exists; the document at its start', () => {
  assert.deepEqual(yamlFieldPosition(YAML, 'serving.max_model_len'), { line: 3, col: 1 });
  assert.deepEqual(yamlFieldPosition(YAML, '(root)'), { line: 2, col: 1 });
  assert.deepEqual(yamlFieldPosition('', '(file)'), { line: 1, col: 1 });
});

test('a JSONL error keeps its line; messages and properties are escaped for workflow commands', () => {
  const line = githubAnnotation({ file: 'results/a/samples/gsm8k.jsonl:12', field: 'user_turn', message: 'bad, 50%\nnext' }, () => null);
  // A line break in a message is shown escaped, as in text output: one line per error (hostile-text-output.test.ts).
  assert.equal(line, '::error file=results/a/samples/gsm8k.jsonl,line=12,col=1,title=user_turn::user_turn: bad, 50%25\\nnext');
  const yaml = githubAnnotation({ file: 'sub.yaml', field: 'serving.engine_args.trust-remote-code', message: 'refused' }, () => YAML);
  assert.equal(yaml, '::error file=sub.yaml,line=6,col=5,title=serving.engine_args.trust-remote-code::serving.engine_args.trust-remote-code: refused');
});

test('validate --format github prints one annotation per error on stdout at the offending line', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'userturn-gh-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'submissions', 'acme'), { recursive: true });
  const file = join(dir, 'submissions', 'acme', 'm.yaml');
  writeFileSync(file, 'id: m\nsurprise: 1\n');
  const out: string[] = [];
  t.mock.method(console, 'log', (...a: unknown[]) => void out.push(a.join(' ')));
  t.mock.method(console, 'error', () => {});
  assert.equal(await validate(['--format', 'github', file]), 1);
  const annotations = out.filter((l) => l.startsWith('::error '));
  assert.ok(annotations.length > 0, out.join('\n'));
  assert.ok(annotations.some((l) => l.includes('line=2,col=1,title=surprise::')), annotations.join('\n'));
  assert.equal(await validate(['--format', 'xml', file]), 2);
});
