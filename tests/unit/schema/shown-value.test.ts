import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { z } from 'zod';
import { parseWith, Submission } from '../../../src/schema/index.ts';
import { parseDocumentText } from '../../../src/lib/io/parse-document.ts';
import { parseInputLine } from '../../../runners/judge/batch/input.ts';
import { parseJudgeConfig } from '../../../runners/judge/llm/config.ts';

const REPO = join(import.meta.dirname, '..', '..', '..');
const QWEN = readFileSync(join(REPO, 'submissions/qwen/qwen3.5-9b.yaml'), 'utf8');

/** The errors `validate` prints for the paper's Qwen3.5 9B submission with `edit` applied to its text. */
const errorsOf = (edit: (yaml: string) => string): string[] => {
  const doc = parseDocumentText(edit(QWEN), 'yaml');
  assert.ok(doc.ok);
  const r = parseWith(Submission, doc.data, 's.yaml');
  return r.ok ? [] : r.errors.map((e) => `${e.field}: ${e.message}`);
};

// zod names the type it got and never the value: a newcomer read "expected number, received string" and had to find
// which string, in which of the file's numbers.
test('a value of the wrong type, not among the allowed ones, or no known kind of a union is quoted after zod\'s message', () => {
  assert.deepEqual(errorsOf((y) => y.replace('tensor_parallel_size: 1', 'tensor_parallel_size: two')),
    ['serving.tensor_parallel_size: Invalid input: expected number, received string "two"']);
  assert.deepEqual(errorsOf((y) => y.replace('engine: vllm', 'engine: vLLM')),
    ['serving.engine: Invalid option: expected one of "vllm"|"sglang"|"tgi"|"llamacpp"|"ollama", received "vLLM"']);
  assert.deepEqual(errorsOf((y) => y.replace('source: hub', 'source: huggingface')),
    ['chat_template.source: Invalid discriminator value. Expected \'hub\' | \'file\', received "huggingface"']);
  // What YAML made of the text, which is why it is refused: the leading zero is gone.
  assert.deepEqual(errorsOf((y) => y.replace(/revision: main.*/, 'revision: 0123456')),
    ['hf.revision: Invalid input: expected string, received number 123456: YAML reads an unquoted 0123456, 1.0 or true that way; put the value in quotes']);
  assert.deepEqual(errorsOf((y) => y.replace('total_b: 9', 'total_b: [9, 10]')), ['params.total_b: Invalid input: expected number, received array [9,10]']);
  assert.deepEqual(errorsOf((y) => y.replace('total_b: 9', 'total_b: .inf')), ['params.total_b: Invalid input: expected number, received Infinity']);
  // A missing field, a null and an infinity say all there is already.
  assert.deepEqual(errorsOf((y) => y.replace('license: apache-2.0', 'license: null')), ['license: Invalid input: expected string, received null']);
  assert.deepEqual(errorsOf((y) => y.replace('license: apache-2.0\n', '')), ['license: missing (a required field; expected string: SPDX id or the publisher licence name)']);
});

test('a quoted value is cut to 60 characters and its control and invisible characters are written out', () => {
  const long = `${'x'.repeat(100)}`;
  assert.deepEqual(errorsOf((y) => y.replace('tensor_parallel_size: 1', `tensor_parallel_size: ${long}`)),
    [`serving.tensor_parallel_size: Invalid input: expected number, received string "${'x'.repeat(58)}…`]);
  // An escape sequence (JSON writes it \u001b) and a right-to-left override (visibleText writes it \u202e).
  const [hostile] = errorsOf((y) => y.replace('tensor_parallel_size: 1', 'tensor_parallel_size: "\\e[31mRED \u202Eowt"'));
  assert.equal(hostile, 'serving.tensor_parallel_size: Invalid input: expected number, received string "\\u001b[31mRED \\u202eowt"');
  assert.doesNotMatch(hostile!, /[\u001b\u202e]/);
});

test('a quoted value never shows a key: URLs lose user:password and query, key-like text and key-named fields are not quoted', () => {
  assert.deepEqual(errorsOf((y) => y.replace('max_model_len: 32768', 'max_model_len: 32768\n  base_urls: https://bob:hunter2hunter2@gpu.example:8000/v1?api-key=abc123')),
    ['serving.base_urls: Invalid input: expected array, received string "https://[redacted]@gpu.example:8000/v1"']);
  const [kwargs] = errorsOf((y) => `${y}generation:\n  template_kwargs: sk-proj-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c\n`);
  assert.equal(kwargs, 'generation.template_kwargs: Invalid input: expected record, received string (not shown: it looks like an OpenAI-style API key (sk-…))');
  // A judge config names the variable holding its key; a number there may be the key itself.
  const judge = parseJudgeConfig({ base_url: 'http://127.0.0.1:8000/v1', model: 'm', api_key_env: 8_472_913_650_184 }, 'judge.yaml');
  assert.deepEqual(judge.ok ? [] : judge.errors.map((e) => `${e.field}: ${e.message}`),
    ['api_key_env: Invalid input: expected string, received number (not shown: the field may hold a key): YAML reads an unquoted 0123456, 1.0 or true that way; put the value in quotes']);
  // max_tokens is not a key's field.
  const budget = parseJudgeConfig({ base_url: 'http://127.0.0.1:8000/v1', model: 'm', max_tokens: 'lots' }, 'judge.yaml');
  assert.deepEqual(budget.ok ? [] : budget.errors.map((e) => `${e.field}: ${e.message}`), ['max_tokens: Invalid input: expected number, received string "lots"']);
});

test('a long list of allowed values is shortened to its first eight and its count', () => {
  const Doc = z.strictObject({ month: z.enum(['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']) });
  const r = parseWith(Doc, { month: 'sept' }, 'x.yaml');
  assert.deepEqual(r.ok ? [] : r.errors.map((e) => e.message), ['Invalid option: expected one of "jan"|"feb"|"mar"|"apr"|"may"|"jun"|"jul"|"aug"|… (12 values), received "sept"']);
});

test('a line of `userturn judge --input` quotes its wrong value too', () => {
  const r = parseInputLine('{"id": 7, "question": "q", "response": "r", "user_turn": "u"}', 'turns.jsonl', 3);
  assert.deepEqual(r, { ok: false, message: 'turns.jsonl:3: id: Invalid input: expected string, received number 7' });
});
