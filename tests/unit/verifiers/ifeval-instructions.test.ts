import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { looseVariants, verifyInstructions } from '../../../runners/verifiers/instructions/evaluate.ts';
import { IFEVAL_CHECKS } from '../../../runners/verifiers/instructions/ifeval/registry.ts';
import { verify } from '../../../runners/verifiers/index.ts';
import { assertCase } from './cases.ts';
import { IFEVAL_CASES } from './ifeval-cases.ts';
import { dataFile } from './data-dir.ts';


test('ifeval: every one of the 25 instruction types has a passing and a failing case', () => {
  const covered = new Set(IFEVAL_CASES.map((c) => c.id));
  assert.equal(Object.keys(IFEVAL_CHECKS).length, 25);
  for (const id of Object.keys(IFEVAL_CHECKS)) assert.ok(covered.has(id), `no case for ${id}`);
});

for (const c of IFEVAL_CASES) test(`ifeval ${c.id}: follows / does not follow ${JSON.stringify(c.kwargs ?? {})}`, () => assertCase('ifeval', c));

test('ifeval loose mode: the reference variants (first/last line removed, asterisks removed) rescue a response', () => {
  assert.equal(looseVariants('a\nb\nc').length, 8);
  const item = { prompt: 'p', instruction_id_list: ['startend:quotation', 'punctuation:no_comma'], kwargs: [{}, {}] };
  const r = verifyInstructions('ifeval', item, 'Sure, here it is:\n"Wrapped"');
  assert.deepEqual(
    r.instructions.map((i) => [i.id, i.strict, i.loose]),
    [
      ['startend:quotation', false, true],
      ['punctuation:no_comma', false, true],
    ],
  );
  assert.equal(r.strict, false);
  assert.equal(r.loose, true);
  const bold = verifyInstructions('ifeval', { prompt: 'p', instruction_id_list: ['startend:end_checker'], kwargs: [{ end_phrase: 'The end.' }] }, 'Story. **The end.**');
  assert.equal(bold.instructions[0]!.strict, false);
  assert.equal(bold.instructions[0]!.loose, true);
});

test('ifeval: empty response, unknown instruction and bad kwargs are not followed, with a reason, never a throw', () => {
  const r = verify({ dataset: 'ifeval', id: 'x', prompt: 'p', instruction_id_list: ['punctuation:no_comma', 'no:such', 'keywords:frequency'], kwargs: [{}, {}, { keyword: 'a' }] }, '   ');
  assert.equal(r.kind, 'instructions');
  if (r.kind !== 'instructions') return;
  assert.equal(r.strict, false);
  assert.deepEqual(r.instructions.map((i) => i.reason !== null), [true, true, true]);
  assert.match(r.instructions[1]!.reason!, /unknown ifeval instruction/);
});

const input = dataFile('ifeval/input_data.jsonl');
test('ifeval real data: every instruction id in input_data.jsonl is implemented; prompts score without errors', { skip: input.skip }, () => {
  const rows = readFileSync(input.path!, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { prompt: string; instruction_id_list: string[]; kwargs: Array<Record<string, unknown>> });
  assert.equal(rows.length, 541);
  for (const row of rows) {
    for (const id of row.instruction_id_list) assert.ok(id in IFEVAL_CHECKS, `missing ${id}`);
    const s = verifyInstructions('ifeval', row, 'A plain response, written in English, that follows almost nothing.');
    for (const i of s.instructions) assert.ok(!i.reason?.startsWith('could not check'), `${i.id}: ${i.reason}`);
  }
});
