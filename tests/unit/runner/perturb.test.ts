import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { perturb, truncateText } from '../../../runners/probe/perturb.ts';
import { assistantSeed, sampleSeed } from '../../../runners/probe/seeds.ts';

describe('perturbations of the assistant turn', () => {
  const a = 'First we add 12 and 8 to get 20. Then we subtract 5.';
  it('truncate: 50% of the characters, back to a word boundary', () => {
    assert.equal(truncateText(a, 0.5, 'word'), 'First we add 12 and 8 to');
    assert.equal(truncateText(a, 0.5, 'char'), a.slice(0, Math.floor(a.length / 2)));
    assert.equal(truncateText('abcdefgh', 0.5, 'word'), 'abcd', 'no boundary: cut at the character');
    assert.equal(truncateText('one two three four', 0.5, 'word'), 'one two', 'a cut before a space keeps the word');
  });
  it('append, reference, none', () => {
    assert.equal(perturb('A.', { kind: 'append', text: 'Does that answer your question?', separator: '\n\n' }, null), 'A.\n\nDoes that answer your question?');
    assert.equal(perturb('A.', { kind: 'reference' }, 'Ref.'), 'Ref.');
    assert.equal(perturb('A.', { kind: 'reference' }, null), null);
    assert.equal(perturb('A.', { kind: 'none' }, 'Ref.'), 'A.');
  });
  it('seeds are stable, distinct per sample and fit in 31 bits', () => {
    const s = sampleSeed(20260401, 'gsm8k', '0001', 't0.7', 0);
    assert.equal(s, sampleSeed(20260401, 'gsm8k', '0001', 't0.7', 0));
    assert.notEqual(s, sampleSeed(20260401, 'gsm8k', '0001', 't0.7', 1));
    assert.notEqual(s, assistantSeed(20260401, 'gsm8k', '0001'));
    assert.ok(s >= 0 && s < 2 ** 31);
  });
});
