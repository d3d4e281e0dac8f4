import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runOnAt } from '../../../runners/doctor/run-on.ts';
import { occurrences, templateMarkers } from '../../../runners/doctor/special-tokens.ts';

describe('templateMarkers: the special tokens a rendered prompt holds', () => {
  it('ChatML: the turn markers, once each, in order of appearance', () => {
    const p = '<|im_start|>user\nWhat is 2+2?<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n4<|im_end|>\n<|im_start|>user\n';
    assert.deepEqual(templateMarkers(p, ['What is 2+2?', '4']), ['<|im_start|>', '<|im_end|>', '<think>', '</think>']);
  });
  it('harmony, GLM and Llama 2 spellings', () => {
    assert.deepEqual(templateMarkers('<|start|>user<|message|>q<|end|><|start|>assistant<|channel|>final<|message|>a<|end|>', ['q', 'a']), ['<|start|>', '<|message|>', '<|end|>', '<|channel|>']);
    assert.deepEqual(templateMarkers('[gMASK]<sop><|user|>\nq<|assistant|>\na<|user|>\n', ['q', 'a']), ['[gMASK]', '<sop>', '<|user|>', '<|assistant|>']);
    assert.deepEqual(templateMarkers('<s>[INST] q [/INST] a</s>', ['q', 'a']), ['<s>', '[INST]', '[/INST]', '</s>']);
  });
  it('ignores marker-like text inside the messages, and adds the markers of the stops', () => {
    const p = '<|im_start|>user\nWrite <b>bold</b> and [NOTE] <|fake|><|im_end|>\n<|im_start|>assistant\nok<|im_end|>\n<|im_start|>user\n';
    assert.deepEqual(templateMarkers(p, ['Write <b>bold</b> and [NOTE] <|fake|>', 'ok'], ['<|endoftext|>']), ['<|im_start|>', '<|im_end|>', '<|endoftext|>']);
  });
  it('occurrences counts each appearance', () => {
    assert.equal(occurrences('<|a|>x<|a|>y<|a|>', '<|a|>'), 3);
    assert.equal(occurrences('plain', '<|a|>'), 0);
  });
});

describe('runOnAt: a user turn that runs on into the next turn', () => {
  const markers = ['<|im_end|>', '<|im_start|>assistant', '<|im_start|>user', '<|im_start|>'];
  it('a whole marker in the text', () => {
    assert.deepEqual(runOnAt('Thanks!\n<|im_start|>assistant\nSure.', markers, 'stop', false), { marker: '<|im_start|>assistant', at: 8 });
  });
  it('a role name alone on a line, where the engine dropped the special tokens', () => {
    assert.deepEqual(runOnAt('Thanks!\nassistant\nSure, here is more.', markers, 'stop', false), { marker: 'assistant', at: 7 });
  });
  it('not the stop text TGI keeps at the end of a stopped turn, nor the word inside a sentence', () => {
    assert.equal(runOnAt('Thanks!\nassistant', markers, 'stop', true), null);
    assert.equal(runOnAt('Can the assistant explain step 2?', markers, 'stop', false), null);
    assert.equal(runOnAt('Thanks, that helps.', markers, 'length', false), null);
  });
});
