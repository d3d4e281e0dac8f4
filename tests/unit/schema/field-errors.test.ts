import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import { parseWith } from '../../../src/schema/index.ts';

const Doc = z.strictObject({ id: z.string(), serving: z.strictObject({ engine: z.enum(['vllm', 'sglang']), tp: z.number().optional() }) });
const errors = (data: unknown): string[] => { const r = parseWith(Doc, data, 'x.yaml'); return r.ok ? [] : r.errors.map((e) => `${e.file}: ${e.field}: ${e.message}`); };

test('a required field that is absent is called missing, with what it should hold (not zod\'s "received undefined")', () => {
  assert.deepEqual(errors({ serving: { engine: 'vllm' } }), ['x.yaml: id: missing (a required field; expected string)']);
  assert.deepEqual(errors({ id: 'a' }), ['x.yaml: serving: missing (a required field; expected object)']);
});

test('a present value of the wrong type keeps zod\'s message, and a typo in a key is an unknown key', () => {
  assert.deepEqual(errors({ id: 'a', serving: { engine: 3 } }), ['x.yaml: serving.engine: Invalid option: expected one of "vllm"|"sglang"']);
  assert.deepEqual(errors({ id: 'a', serving: { engine: 'vllm', tpp: 2 } }), ['x.yaml: serving.tpp: unknown key (not part of the format)']);
  assert.deepEqual(errors({ id: null, serving: { engine: 'vllm' } }), ['x.yaml: id: Invalid input: expected string, received null']);
});

test('a number or boolean where YAML text is expected says to quote it (revision: 0123456 is a number); JSON files keep zod\'s message', () => {
  const hint = 'Invalid input: expected string, received number: YAML reads an unquoted 0123456, 1.0 or true that way; put the value in quotes';
  assert.deepEqual(errors({ id: 123456, serving: { engine: 'vllm' } }), [`x.yaml: id: ${hint}`]);
  assert.deepEqual(errors({ id: true, serving: { engine: 'vllm' } }), [`x.yaml: id: ${hint.replace('received number', 'received boolean')}`]);
  const json = parseWith(Doc, { id: 3, serving: { engine: 'vllm' } }, 'summary.json');
  assert.deepEqual(json.ok ? [] : json.errors.map((e) => e.message), ['Invalid input: expected string, received number']);
  assert.deepEqual(errors({ id: 'a', serving: { engine: 'vllm', tp: 'x' } }), ['x.yaml: serving.tp: Invalid input: expected number, received string']);
});
