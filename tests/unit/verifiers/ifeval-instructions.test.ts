import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { looseVariants, verifyInstructions } from '../../../runners/verifiers/instructions/evaluate.ts';
import { IFEVAL_CHECKS } from '../../../runners/verifiers/instructions/ifeval/registry.ts';
import { verify } from '../../../runners/verifiers/index.ts';
import { assertCase, type Case } from './cases.ts';
import { dataFile } from './data-dir.ts';

const CASES: Case[] = [
  { id: 'keywords:existence', kwargs: { keywords: ['banana', 'Kiwi'] }, pass: 'I ate a BANANA and a kiwi.', fail: 'I ate a banana.' },
  { id: 'keywords:frequency', kwargs: { keyword: 'cat', frequency: 3, relation: 'at least' }, pass: 'cat cat Cat', fail: 'one cat, two cat' },
  { id: 'keywords:frequency', kwargs: { keyword: 'dog', frequency: 2, relation: 'less than' }, pass: 'one dog', fail: 'dog and dog' },
  { id: 'keywords:forbidden_words', kwargs: { forbidden_words: ['red', 'blue'] }, pass: 'A reddish sky and bluest sea.', fail: 'The sky is Red today.' },
  { id: 'keywords:letter_frequency', kwargs: { letter: 'z', let_frequency: 2, let_relation: 'at least' }, pass: 'Zebras zigzag.', fail: 'A zebra.' },
  { id: 'keywords:letter_frequency', kwargs: { letter: 'e', let_frequency: 3, let_relation: 'less than' }, pass: 'a big cat', fail: 'eeeee' },
  { id: 'language:response_language', kwargs: { language: 'fr' }, pass: "Bonjour, je m'appelle Marie et j'habite à Paris depuis dix ans avec ma famille.", fail: 'Hello, my name is Mary and I have lived in London for ten years with my family.' },
  { id: 'length_constraints:number_sentences', kwargs: { num_sentences: 3, relation: 'less than' }, pass: 'One sentence. Two sentences.', fail: 'One. Two. Three. Four.' },
  { id: 'length_constraints:number_sentences', kwargs: { num_sentences: 2, relation: 'at least' }, pass: 'Mr. Smith came home. He was tired!', fail: 'Mr. Smith came home at 5 p.m. today' },
  { id: 'length_constraints:number_paragraphs', kwargs: { num_paragraphs: 2 }, pass: 'First paragraph.\n***\nSecond paragraph.', fail: 'First.\n***\n\n***\nSecond.' },
  { id: 'length_constraints:number_words', kwargs: { num_words: 5, relation: 'at least' }, pass: "It's a nice day, isn't it?", fail: 'Too short.' },
  { id: 'length_constraints:number_words', kwargs: { num_words: 4, relation: 'less than' }, pass: 'Only three words.', fail: 'This has five words here.' },
  { id: 'length_constraints:nth_paragraph_first_word', kwargs: { num_paragraphs: 2, nth_paragraph: 2, first_word: 'Then' }, pass: 'First we ate.\n\n"Then, we slept."', fail: 'First we ate.\n\nAfter that we slept.' },
  { id: 'detectable_content:number_placeholders', kwargs: { num_placeholders: 2 }, pass: 'Dear [name], see you at [address].', fail: 'Dear [name], see you soon.' },
  { id: 'detectable_content:postscript', kwargs: { postscript_marker: 'P.S.' }, pass: 'Bye.\n\np.s. I miss you.', fail: 'Bye. PS I miss you.' },
  { id: 'detectable_content:postscript', kwargs: { postscript_marker: 'P.P.S' }, pass: 'Bye.\nP.P.S. one more thing', fail: 'Bye.\nP.S. one thing' },
  { id: 'detectable_format:number_bullet_lists', kwargs: { num_bullets: 2 }, pass: 'List:\n* one\n- two', fail: 'List:\n* one\n* two\n* three' },
  { id: 'detectable_format:constrained_response', pass: 'Well... My answer is maybe.', fail: 'Maybe.' },
  { id: 'detectable_format:number_highlighted_sections', kwargs: { num_highlights: 2 }, pass: 'See *part one* and **part two**.', fail: 'See *part one* and ** **.' },
  { id: 'detectable_format:multiple_sections', kwargs: { section_spliter: 'Section', num_sections: 2 }, pass: 'Section 1\nIntro\nSection 2\nBody', fail: 'Section 1\nEverything here' },
  { id: 'detectable_format:json_format', pass: '```json\n{"a": [1, 2, NaN]}\n```', fail: '{"a": 1,}' },
  { id: 'detectable_format:title', pass: '<<My Poem>>\nRoses are red.', fail: '<< >>\nRoses are red.' },
  { id: 'combination:two_responses', pass: 'Answer one.\n******\nAnswer two.', fail: 'Same.\n******\nSame.' },
  { id: 'combination:repeat_prompt', kwargs: { prompt_to_repeat: 'Write a haiku.' }, pass: 'write a HAIKU. Leaves fall on water', fail: 'Sure! Write a haiku. Leaves fall' },
  { id: 'startend:end_checker', kwargs: { end_phrase: 'Any other questions?' }, pass: 'Done. any other questions?"  ', fail: 'Any other questions? Bye.' },
  { id: 'change_case:capital_word_frequency', kwargs: { capital_frequency: 2, capital_relation: 'at least' }, pass: 'This is VERY IMPORTANT.', fail: 'This is VERY important.' },
  { id: 'change_case:capital_word_frequency', kwargs: { capital_frequency: 2, capital_relation: 'less than' }, pass: 'Only ONE here.', fail: 'I AM SHOUTING.' },
  { id: 'change_case:english_capital', pass: 'THIS IS AN ENGLISH SENTENCE WRITTEN ENTIRELY IN CAPITAL LETTERS ABOUT THE WEATHER.', fail: 'THIS IS ALMOST ALL CAPITALS but not quite.' },
  { id: 'change_case:english_lowercase', pass: 'this is an english sentence written entirely in lowercase letters about the weather.', fail: 'This sentence starts with a capital letter.' },
  { id: 'punctuation:no_comma', pass: 'No commas here.', fail: 'One, comma.' },
  { id: 'startend:quotation', pass: '  "Wrapped in quotes."\n', fail: '"Not wrapped at the end.' },
];

test('ifeval: every one of the 25 instruction types has a passing and a failing case', () => {
  const covered = new Set(CASES.map((c) => c.id));
  assert.equal(Object.keys(IFEVAL_CHECKS).length, 25);
  for (const id of Object.keys(IFEVAL_CHECKS)) assert.ok(covered.has(id), `no case for ${id}`);
});

for (const c of CASES) test(`ifeval ${c.id}: follows / does not follow ${JSON.stringify(c.kwargs ?? {})}`, () => assertCase('ifeval', c));

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
