import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { budgetText, unfinishedText } from '../../../src/lib/site/unfinished.ts';

const u = (n: number, of: number) => ({ n, of, length: n, empty_answer: 0, rate: { value: n / of, lo: 0.01, hi: 0.2, n: of } });

describe('unfinished answers and the assistant budget on the site', () => {
  it('a dataset line says how many of how many, with the interval; suite v1 results have none', () => {
    assert.equal(unfinishedText({ unfinished: u(3, 40) }), '3 of 40 · 7.5% [1.0–20.0]');
    assert.equal(unfinishedText({}), null);
  });
  it('the budget says where it came from, and an override shows its reason', () => {
    assert.deepEqual(budgetText({ assistant_budget: { max_tokens: 16384, source: 'suite_reasoning_mode', reasoning_mode: 'think_tags', reason: null } }), { text: '16,384 tokens (suite, reasoning mode think_tags)', reason: null });
    assert.deepEqual(budgetText({ assistant_budget: { max_tokens: 30000, source: 'submission', reasoning_mode: 'think_tags', reason: '<b>long</b> thinker' } }), { text: '30,000 tokens (submission override)', reason: '<b>long</b> thinker' });
    assert.equal(budgetText({}), null);
  });
});
