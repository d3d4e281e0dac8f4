import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { extractGsm8kAnswer, verifyGsm8k } from '../../../runners/verifiers/gsm8k.ts';
import { verify } from '../../../runners/verifiers/index.ts';
import { dataFile } from '../../helpers/verifier-data-dir.ts';

const REF = 'Janet sells 16 - 3 - 4 = <<16-3-4=9>>9 duck eggs a day.\nShe makes 9 * 2 = $<<9*2=18>>18 every day.\n#### 18';

test('gsm8k: each extraction rule finds the final number and names itself', () => {
  const cases: Array<[string, string | null, string]> = [
    ['so she makes 18 a day.\n#### 18', '18', 'hash'],
    ['The answer is $18.00', '18', 'answer-is'],
    ['Thus the final answer is: 18 dollars.', '18', 'answer-is'],
    ['Total: \\boxed{18}', '18', 'boxed'],
    ['We get $\\boxed{\\$1{,}000}$.', '1000', 'boxed'],
    ['A: 18', '18', 'answer-label'],
    ['**Answer:** 1,000 apples', '1000', 'answer-label'],
    ['She makes 9 * 2 = 18 dollars', '18', 'last-number'],
    ['The temperature dropped to -5 degrees', '-5', 'last-number'],
    ['It costs 2.50 then 3.50 so 6.0', '6', 'last-number'],
    ['9 * 2 = <<9*2=18>>18 dollars', '18', 'last-number'],
    ['I cannot solve this.', null, 'none'],
    ['', null, 'none'],
  ];
  for (const [text, value, rule] of cases) {
    assert.deepEqual(extractGsm8kAnswer(text), { value, rule }, text);
  }
});

test('gsm8k: comparison is numeric (18.00 = 18, 1,000 = 1000) and a wrong or missing number fails', () => {
  assert.equal(verifyGsm8k(REF, 'The answer is $18.00').correct, true);
  assert.equal(verifyGsm8k('... #### 1000', 'They paid 1,000 dollars.').correct, true);
  assert.equal(verifyGsm8k('... #### -3', 'The change is -3.').correct, true);
  const wrong = verifyGsm8k(REF, 'The answer is 26.');
  assert.deepEqual(wrong, { kind: 'gsm8k', correct: false, extracted: '26', rule: 'answer-is', reference: '18' });
  assert.equal(verifyGsm8k(REF, 'no idea').correct, false);
  assert.equal(verifyGsm8k(REF, 'no idea').extracted, null);
});

test('gsm8k: verify() dispatches to the GSM8K verifier', () => {
  const s = verify({ dataset: 'gsm8k', id: '0', reference_answer: REF }, '#### 18');
  assert.equal(s.kind, 'gsm8k');
  assert.equal(s.kind === 'gsm8k' && s.correct, true);
});

const solutions = dataFile('gsm8k/example_model_solutions.jsonl');
test('gsm8k real data: agreement with is_correct across all example_model_solutions.jsonl is >= 99.5%', { skip: solutions.skip }, (t) => {
  let n = 0;
  let agree = 0;
  for (const line of readFileSync(solutions.path!, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as Record<string, unknown>;
    for (const v of Object.values(row)) {
      if (!v || typeof v !== 'object' || !('is_correct' in v)) continue;
      const s = v as { is_correct: boolean; solution: string };
      n++;
      if (verifyGsm8k(String(row.ground_truth), s.solution).correct === s.is_correct) agree++;
    }
  }
  const pct = (100 * agree) / n;
  t.diagnostic(`GSM8K agreement with is_correct: ${agree}/${n} = ${pct.toFixed(2)}%`);
  console.log(`# GSM8K agreement with is_correct: ${agree}/${n} = ${pct.toFixed(2)}%`);
  assert.ok(n > 5000, `expected all solutions, got ${n}`);
  assert.ok(pct >= 99.5, `agreement ${pct.toFixed(2)}% < 99.5%`);
});
