import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { looseVariants, verifyInstructions } from '../../../runners/verifiers/instructions/evaluate.ts';
import { IFEVAL_CHECKS } from '../../../runners/verifiers/instructions/ifeval/registry.ts';
import { verify } from '../../../runners/verifiers/index.ts';
import { assertCase } from '../../helpers/verifier-cases.ts';
import { IFEVAL_CASES } from '../../helpers/ifeval-cases.ts';
import { dataFile } from '../../helpers/verifier-data-dir.ts';


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

test('ifeval language detection answers with langdetect codes for the languages IFEval asks for', async () => {
  const { detectLanguage } = await import('../../../runners/verifiers/text/language.ts');
  const samples: Array<[string, string]> = [
    ['mr', 'महाराष्ट्र हे भारतातील एक मोठे राज्य आहे आणि येथे मराठी भाषा बोलली जाते. मुंबई ही राजधानी आहे.'],
    ['sw', 'Tanzania ni nchi iliyoko Afrika Mashariki na watu wake wanazungumza Kiswahili kwa wingi sana.'],
    ['pa', 'ਪੰਜਾਬ ਭਾਰਤ ਦਾ ਇੱਕ ਸੂਬਾ ਹੈ ਅਤੇ ਇੱਥੇ ਲੋਕ ਪੰਜਾਬੀ ਬੋਲਦੇ ਹਨ। ਇਹ ਖੇਤੀਬਾੜੀ ਲਈ ਮਸ਼ਹੂਰ ਹੈ।'],
    ['fa', 'ایران کشوری در غرب آسیا است که تاریخ و فرهنگی بسیار کهن و غنی دارد و مردم آن فارسی صحبت می‌کنند.'],
    ['fi', 'Suomi on maa Pohjois-Euroopassa, ja siellä on paljon järviä ja metsiä sekä kaunis luonto.'],
    ['ko', '한국은 동아시아에 위치한 나라로 아름다운 자연과 풍부한 문화를 가지고 있습니다.'],
    ['en', 'THIS IS AN ENGLISH SENTENCE. EVERY LETTER IS CAPITALIZED!!! AMAZING.'],
  ];
  for (const [code, text] of samples) assert.equal(detectLanguage(text), code, text);
  assert.equal(detectLanguage('12345 !!!'), null);
});
