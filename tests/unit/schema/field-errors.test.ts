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
  assert.deepEqual(errors({ id: 3, serving: { engine: 'vllm' } }), ['x.yaml: id: Invalid input: expected string, received number']);
  assert.deepEqual(errors({ id: 'a', serving: { engine: 'vllm', tpp: 2 } }), ['x.yaml: serving.tpp: unknown key (not part of the format)']);
  assert.deepEqual(errors({ id: null, serving: { engine: 'vllm' } }), ['x.yaml: id: Invalid input: expected string, received null']);
});
