import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { templateMarkers } from '../../../runners/doctor/special-tokens.ts';
import { cutAtStops, dropStopToken, visibleRemnant } from '../../../runners/templates/cut.ts';
import { loadTemplateFile } from '../../../runners/templates/load.ts';
import { createPromptBuilder } from '../../../runners/templates/prompts.ts';

/**
 * DeepSeek spells its special tokens with full-width bars and U+2581 for spaces (<｜User｜>, <｜Assistant｜>,
 * <｜end▁of▁sentence｜>). Its template has no end-of-user token: a user turn ends where <｜Assistant｜> opens the reply.
 * ../shared/templates holds no DeepSeek template; the fixture is DeepSeek-R1's as huggingface.js vendors it
 * (tests/fixtures/templates/README.md).
 */
const fixture = join(import.meta.dirname, '..', '..', 'fixtures', 'templates', 'deepseek-r1.tokenizer_config.json');
const SENTINEL = '\u27E6USERTURN-SENTINEL-7f3a\u27E7';

async function builder(stopAtRoleHeader: boolean) {
  const tpl = await loadTemplateFile(fixture, fixture);
  return createPromptBuilder(tpl, { sentinel: SENTINEL, stopAtRoleHeader, kwargs: {}, stripBos: true, reasoning: 'think_tags' });
}

describe('DeepSeek-R1: full-width special tokens', () => {
  it('the user turn opens after <｜User｜>, and stops where the reply would open, role-header stops or not', async () => {
    const plain = await builder(false);
    assert.equal(plain.userTurnPrompt('What is 12 + 8?', 'It is 20.'), '<｜User｜>What is 12 + 8?<｜Assistant｜>It is 20.<｜end▁of▁sentence｜><｜User｜>');
    // Without role-header stops nothing stopped the user turn: <｜Assistant｜> was not seen as the end of the user's.
    assert.deepEqual(plain.userTurnStops, ['<｜Assistant｜>']);
    assert.deepEqual(plain.assistantStops, ['<｜end▁of▁sentence｜>']);
    const headers = await builder(true);
    // <｜User｜> alone (a new user turn opened without the end of sequence) stops, not only after <｜end▁of▁sentence｜>.
    assert.deepEqual(headers.userTurnStops, ['<｜Assistant｜>', '<｜User｜>']);
    assert.deepEqual(headers.assistantStops, ['<｜end▁of▁sentence｜>', '<｜User｜>']);
  });
  it('a user turn running on into another user turn is cut at <｜User｜>', async () => {
    const b = await builder(true);
    const r = cutAtStops('Why 20?<｜User｜>And 13 + 8?', b.userTurnCutMarkers, { finishReason: 'length', stopRemnants: false });
    assert.deepEqual([r.text, r.cut?.marker], ['Why 20?', '<｜User｜>']);
  });
  it('the token TGI streamed stopped on is dropped; a stop made of special tokens leaves no visible remnant', () => {
    assert.equal(dropStopToken('Why 20?<｜end▁of▁sentence｜>', 'stop', true), 'Why 20?');
    assert.equal(dropStopToken('Why 20?<｜Assistant｜>', 'stop', true), 'Why 20?');
    assert.equal(visibleRemnant('<｜end▁of▁sentence｜><｜User｜>'), '');
  });
  it('doctor\'s special-token check sees the template\'s markers', async () => {
    const b = await builder(true);
    const tpl = await loadTemplateFile(fixture, fixture);
    const rendered = `${tpl.bos_token}${b.userTurnPrompt('Say <｜User｜> twice.', 'OK.')}`;
    assert.deepEqual(templateMarkers(rendered, ['Say <｜User｜> twice.', 'OK.']), ['<｜begin▁of▁sentence｜>', '<｜User｜>', '<｜Assistant｜>', '<｜end▁of▁sentence｜>']);
  });
});
