import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ItemScore } from '../../../src/schema/index.ts';
import { mulberry32 } from '../../../src/lib/metrics/prng.ts';
import { verify } from '../../../runners/verifiers/index.ts';
import type { VerifierItem } from '../../../runners/core/items.ts';
import { IFBENCH_CASES } from '../../helpers/ifbench-cases.ts';
import { IFEVAL_CASES } from '../../helpers/ifeval-cases.ts';

/** Deterministic PRNG so a failure reproduces. */
const prng = mulberry32;

// Characters that stress the graders: markup they parse, whitespace Python and JS disagree on, lone surrogates,
// combining marks, joiners, RTL, emoji sequences, NUL, CR, BOM, fullwidth and CJK, digits in other scripts.
const ALPHABET = [
  'a', 'Z', ' ', '\n', '\r', '\t', '\u000b', '\u001c', '\u0085', '\u00a0', '\u2028', '\u3000', '\ufeff', '\u0000',
  '.', ',', '!', '?', ';', ':', '"', "'", '“', '”', '*', '**', '***', '******', '-', '#', '####', '[', ']', '(', ')',
  '{', '}', '<<', '>>', '<i>', '</i>', '\\boxed{', '$', '1,000', '-3.5', '١٢', '٫', 'P.S.', 'Section 1', 'Question 1.',
  'A)', '\ud800', '\udfff', '\u0301', '\u200d', '\u202e', '👩‍👩‍👧', '🇫🇷', '❤️', '🏽', 'ß', 'İ', 'ǅ', 'ﬁ', '漢字', 'ひらがな',
  'Ωμέγα', 'हिंदी', 'العربية', ' and ', ' the ', 'Mr.', 'e.g.', '...', '…', '‽', '?!',
];

function randomText(rand: () => number, maxPieces: number): string {
  const n = Math.floor(rand() * maxPieces);
  let s = '';
  for (let i = 0; i < n; i++) {
    if (rand() < 0.1) s += String.fromCharCode(Math.floor(rand() * 0x10000));
    else s += ALPHABET[Math.floor(rand() * ALPHABET.length)];
  }
  return s;
}

const ONE_MB = 1 << 20;
function megabyte(unit: string): string {
  return unit.repeat(Math.ceil(ONE_MB / unit.length)).slice(0, ONE_MB);
}

const ADVERSARIAL = [
  '',
  ' ',
  '\n\n\n',
  '\ud800',
  '\u0000',
  '"',
  '*',
  '******',
  '<<>>',
  '#### ',
  '\\boxed{',
  'The answer is',
  'A:',
  '1e309',
  '9'.repeat(400),
  '-'.repeat(1000),
  '((((([[[[[{{{{{'.repeat(200),
  '"\'"\'"\''.repeat(500),
];

// Large inputs that trigger quadratic backtracking in naive translations of the reference regexes.
const LARGE = [
  megabyte('The quick brown fox, said Mr. Smith, jumps over 1,234 lazy dogs! Does it? '),
  megabyte(' '),
  megabyte('\n'),
  megabyte('['),
  megabyte('<<'),
  megabyte('*'),
  megabyte('漢'),
  megabyte('😀'),
];

function items(): VerifierItem[] {
  const out: VerifierItem[] = [{ dataset: 'gsm8k', id: 'g', reference_answer: 'So 3 + 4 = <<3+4=7>>7.\n#### 7' }];
  for (const [dataset, cases] of [['ifeval', IFEVAL_CASES], ['ifbench', IFBENCH_CASES]] as const) {
    out.push({ dataset, id: dataset, prompt: 'Write something.', instruction_id_list: cases.map((c) => c.id), kwargs: cases.map((c) => c.kwargs ?? {}) });
  }
  return out;
}

function assertTotal(item: VerifierItem, text: string, label: string): void {
  let s: unknown;
  assert.doesNotThrow(() => {
    s = verify(item, text);
  }, `${item.dataset} threw on ${label}`);
  const parsed = ItemScore.safeParse(s);
  assert.ok(parsed.success, `${item.dataset} on ${label}: result does not match the ItemScore schema: ${parsed.success ? '' : parsed.error.message}`);
}

test('fuzz: verifiers never throw on empty and adversarial strings, and always return a valid ItemScore', () => {
  for (const item of items()) for (const [i, text] of ADVERSARIAL.entries()) assertTotal(item, text, `adversarial #${i}`);
});

test('fuzz: verifiers never throw on 400 random strings of unusual Unicode (seeded)', () => {
  const rand = prng(20260101);
  const all = items();
  for (let i = 0; i < 400; i++) {
    const text = randomText(rand, 120);
    for (const item of all) assertTotal(item, text, `random #${i} ${JSON.stringify(text.slice(0, 40))}`);
  }
});

// A termination check, not a speed check: catastrophic backtracking on 1 MB runs for hours, so the test's own
// timeout catches it even on a loaded CI machine. How fast the verifiers are is printed by bench/verifiers.ts.
test('fuzz: verifiers finish on 1 MB inputs', { timeout: 600_000 }, () => {
  const all = items();
  for (const [i, text] of LARGE.entries()) {
    for (const item of all) assertTotal(item, text, `1 MB input #${i}`);
  }
});

test('fuzz: garbage items (missing kwargs, wrong types, odd ids) are scored as not followed, never thrown', () => {
  const bad: VerifierItem[] = [
    { dataset: 'ifeval', id: 'x', prompt: '', instruction_id_list: ['keywords:frequency', 'length_constraints:number_words', '__proto__', 'constructor'], kwargs: [{ keyword: 5 }, { num_words: 'many' }] },
    { dataset: 'ifbench', id: 'y', prompt: '', instruction_id_list: ['count:words_japanese', 'repeat:repeat_span', 'format:options'], kwargs: [{ N: 0 }, { prompt_to_repeat: 'abc', n_start: -5, n_end: 99 }, { options: '' }] },
    { dataset: 'ifbench', id: 'z', prompt: '', instruction_id_list: [], kwargs: [] },
    { dataset: 'ifeval', id: 'v', prompt: '', instruction_id_list: ['', 7 as unknown as string], kwargs: null as unknown as [] },
    { dataset: 'gsm8k', id: 'w', reference_answer: 'no number here' },
  ];
  for (const item of bad) for (const text of ['hello', '', megabyte('x').slice(0, 10_000)]) assertTotal(item, text, 'garbage item');
  const s = verify(bad[0]!, 'hello');
  assert.equal(s.kind === 'instructions' && s.instructions.every((i) => !i.strict && i.reason), true);
});
