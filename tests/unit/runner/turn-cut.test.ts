import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadTemplateFile } from '../../../runners/templates/load.ts';
import { cutAtStops, dropStopToken, finishAtBudget, visibleRemnant } from '../../../runners/templates/cut.ts';
import { createPromptBuilder, withShortHeaders } from '../../../runners/templates/prompts.ts';
import { unfinishedReason } from '../../../runners/probe/assistant-turn.ts';
import { glmFixture, realTemplateConfig, SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';

const MORE = 'Sure, here is more detail.';
const noRemnants = { finishReason: 'stop', stopRemnants: false };

async function builder(path: string, reasoning: 'none' | 'think_tags' | 'harmony') {
  const tpl = await loadTemplateFile(path, path);
  return createPromptBuilder(tpl, { sentinel: '\u27E6USERTURN-SENTINEL-7f3a\u27E7', stopAtRoleHeader: true, kwargs: {}, stripBos: true, reasoning });
}

describe('cutAtStops', () => {
  it('TGI streamed: "length" on a turn whose text ends with a stop or the end-of-sequence token is read as a stop, any other stays', () => {
    const enders = ['<|im_end|>', '<|im_start|>assistant', null];
    assert.equal(finishAtBudget('Why 12?<|im_end|>', 'length', enders, true), 'stop');
    assert.equal(finishAtBudget('Why 12?\n<|im_start|>assistant', 'length', enders, true), 'stop');
    // The budget ran out inside the turn, or on a token that starts the next one without ending this one.
    assert.equal(finishAtBudget('Why 12? Because', 'length', enders, true), 'length');
    assert.equal(finishAtBudget('Why 12?\n<|im_start|>', 'length', enders, true), 'length');
    // Not streamed (nothing in the text shows the token), or another engine: the reason stands.
    assert.equal(finishAtBudget('Why 12?<|im_end|>', 'length', enders, false), 'length');
    assert.equal(finishAtBudget('Why 12?', 'stop', enders, true), 'stop');
  });
  it('cuts at the earliest marker and records the marker, the raw length and the removed text', () => {
    const text = `Why 12?\n<|im_start|>assistant\n${MORE}<|im_end|>`;
    const r = cutAtStops(text, ['<|im_end|>', '<|im_start|>assistant', '<|im_start|>user'], noRemnants);
    assert.equal(r.text, 'Why 12?\n');
    assert.deepEqual(r.cut, { marker: '<|im_start|>assistant', kind: 'marker', raw_chars: text.length, removed: `<|im_start|>assistant\n${MORE}<|im_end|>` });
  });
  it('records nothing when no marker is in the text (the engine stopped in time)', () => {
    assert.deepEqual(cutAtStops('Why 12?', ['<|im_end|>', '<|im_start|>assistant'], noRemnants), { text: 'Why 12?', cut: null });
  });
  it('prefers the longer marker when two start at the same place, and bounds the removed text', () => {
    const long = `Q<|start|>assistant<|channel|>final<|message|>${'x'.repeat(5000)}`;
    const r = cutAtStops(long, ['<|start|>assistant', '<|start|>assistant<|channel|>final<|message|>'], noRemnants);
    assert.equal(r.cut?.marker, '<|start|>assistant<|channel|>final<|message|>');
    assert.equal(r.cut?.removed.length, 2000);
    assert.equal(r.cut?.raw_chars, long.length);
  });
  it('a stop remnant (TGI: special tokens dropped, stop text kept) is cut only at the end of a stopped turn', () => {
    const stops = ['<|im_end|>', '<|im_start|>assistant', '<|im_start|>user'];
    const tgi = { finishReason: 'stop', stopRemnants: true };
    assert.deepEqual(cutAtStops('Why 12?\nassistant', stops, tgi).cut, { marker: 'assistant', kind: 'stop_remnant', raw_chars: 17, removed: 'assistant' });
    assert.equal(cutAtStops('Why 12?\nassistant', stops, tgi).text, 'Why 12?\n');
    assert.equal(cutAtStops('Why 12?\nassistant', stops, { finishReason: 'length', stopRemnants: true }).cut, null);
    assert.equal(cutAtStops('Why 12?\nassistant', stops, noRemnants).cut, null);
    assert.equal(cutAtStops('Is the assistant right?', stops, tgi).cut, null);
    assert.equal(visibleRemnant('<|end|>'), '');
    assert.equal(visibleRemnant('<|start|>user<|message|>'), 'user');
  });
  it('TGI streamed keeps the token it stopped on: a lone special token ending a stopped turn is dropped, a header with a visible part is not', () => {
    // The end-of-sequence token (router/src/server.rs streams each token's text, <|im_end|> included) and a stop that
    // is one special token (gpt-oss's <|end|>): TGI stopping, not text of the turn and not a run-on.
    assert.equal(dropStopToken('Why 12?<|im_end|>', 'stop', true), 'Why 12?');
    assert.equal(dropStopToken('<|channel|>final<|message|>20<|return|>', 'stop', true), '<|channel|>final<|message|>20');
    assert.equal(dropStopToken('Why 12?<|end|>', 'stop', true), 'Why 12?');
    // A stop with a visible part ends in it: left for cutAtStops to cut as a run-on.
    assert.equal(dropStopToken('Why 12?\n<|im_start|>assistant', 'stop', true), 'Why 12?\n<|im_start|>assistant');
    // One token only, and only where the engine stopped (at max_tokens the last token is the model's own).
    assert.equal(dropStopToken('a<|im_end|><|im_end|>', 'stop', true), 'a<|im_end|>');
    assert.equal(dropStopToken('Why 12?<|im_end|>', 'length', true), 'Why 12?<|im_end|>');
    // An engine that does not keep it (every other, and TGI not streamed): the text as it is.
    assert.equal(dropStopToken('Why 12?<|im_end|>', 'stop', false), 'Why 12?<|im_end|>');
    const dropped = dropStopToken(`Why 12?<|im_end|>`, 'stop', true);
    assert.deepEqual(cutAtStops(dropped, ['<|im_end|>', '<|im_start|>assistant'], noRemnants), { text: 'Why 12?', cut: null });
  });
  it('role headers are also matched up to their role name', () => {
    assert.deepEqual(withShortHeaders(['<|end|>', '<|start|>assistant<|channel|>final<|message|>', '<|start|>user<|message|>']), [
      '<|end|>',
      '<|start|>assistant<|channel|>final<|message|>',
      '<|start|>user<|message|>',
      '<|start|>assistant',
      '<|start|>user',
    ]);
    assert.deepEqual(withShortHeaders(['<|im_end|>', '<|im_start|>assistant']), ['<|im_end|>', '<|im_start|>assistant']);
  });
});

describe('cut markers derived from the templates', () => {
  const qwen = realTemplateConfig('qwen3.5');
  const oss = realTemplateConfig('gpt-oss');
  it('Qwen3.5 (real template): a user turn that opens an assistant turn is cut at its header', { skip: qwen ? false : SKIP_REAL_TEMPLATES }, async () => {
    const b = await builder(qwen!, 'think_tags');
    const r = cutAtStops(`Can you check step 2?\n<|im_start|>assistant\n<think>\n\n</think>\n\n${MORE}`, b.userTurnCutMarkers, noRemnants);
    assert.equal(r.text, 'Can you check step 2?\n');
    assert.equal(r.cut?.marker, '<|im_start|>assistant');
  });
  it('gpt-oss (real template): the user turn is cut at <|end|>, the assistant turn is not (analysis then final)', { skip: oss ? false : SKIP_REAL_TEMPLATES }, async () => {
    const b = await builder(oss!, 'harmony');
    assert.ok(b.userTurnCutMarkers.includes('<|end|>') && b.userTurnCutMarkers.includes('<|start|>assistant'));
    assert.ok(!b.assistantCutMarkers.includes('<|end|>') && !b.assistantCutMarkers.some((m) => m.startsWith('<|start|>assistant')));
    const u = cutAtStops(`Why 12?<|end|><|start|>assistant<|channel|>final<|message|>${MORE}`, b.userTurnCutMarkers, noRemnants);
    assert.equal(u.text, 'Why 12?');
    assert.equal(u.cut?.marker, '<|end|>');
    // Without <|end|>, the assistant header (any channel) still ends the user turn.
    assert.equal(cutAtStops(`Why 12?<|start|>assistant<|channel|>analysis<|message|>${MORE}`, b.userTurnCutMarkers, noRemnants).text, 'Why 12?');
    const answer = '<|channel|>analysis<|message|>Think.<|end|><|start|>assistant<|channel|>final<|message|>15.<|start|>user<|message|>next';
    const a = cutAtStops(answer, b.assistantCutMarkers, noRemnants);
    assert.equal(a.text, '<|channel|>analysis<|message|>Think.<|end|><|start|>assistant<|channel|>final<|message|>15.');
    assert.equal(a.cut?.marker, '<|start|>user<|message|>');
  });
  it('Qwen3.5 (real template) on TGI: a user turn ending in the word "user" or "assistant" keeps it; a header remnant is cut', { skip: qwen ? false : SKIP_REAL_TEMPLATES }, async () => {
    // TGI reports the end-of-sequence token (<|im_end|>) as a stop too, so finish_reason alone cannot tell them apart.
    const b = await builder(qwen!, 'think_tags');
    const tgi = { finishReason: 'stop', stopRemnants: true };
    for (const turn of ['Explain it as if I were a new user', 'Is that what you meant, assistant']) assert.deepEqual(cutAtStops(turn, b.userTurnCutMarkers, tgi), { text: turn, cut: null }, turn);
    assert.equal(cutAtStops('Why 12?\nassistant', b.userTurnCutMarkers, tgi).text, 'Why 12?\n');
    assert.equal(cutAtStops('Why 12?assistant', b.userTurnCutMarkers, tgi).text, 'Why 12?');
  });
  it('GLM-style fixture (role headers, no end-of-turn token): the user turn is cut at <|assistant|>, and at <|user|> opening another user turn', async () => {
    const b = await builder(glmFixture, 'think_tags');
    // The user turn ends where the next turn opens, the assistant's or another user's: <|user|> used to be left to
    // the engine's end-of-sequence list (GLM's generation_config) and to no cut of the runner's.
    assert.deepEqual(b.userTurnStops, ['<|assistant|>', '<|user|>']);
    assert.deepEqual(b.assistantStops, ['<|user|>']);
    const r = cutAtStops(`Why 12?\n<|assistant|>\n${MORE}`, b.userTurnCutMarkers, noRemnants);
    assert.equal(r.text, 'Why 12?\n');
    assert.equal(r.cut?.marker, '<|assistant|>');
    const again = cutAtStops('Why 12?\n<|user|>\nAnd 13?', b.userTurnCutMarkers, { finishReason: 'length', stopRemnants: false });
    assert.deepEqual([again.text, again.cut?.marker], ['Why 12?\n', '<|user|>']);
  });
});

describe('unfinished assistant turns', () => {
  it('length first, then an empty final answer; a finished answer is not unfinished', () => {
    assert.equal(unfinishedReason('length', 'The answer is 4.'), 'length');
    assert.equal(unfinishedReason('stop', '  \n'), 'empty_answer');
    assert.equal(unfinishedReason('stop', 'The answer is 4.'), null);
  });

  it('an answer the runner cut at an end-of-turn marker has ended, even when the engine ran on to its budget', () => {
    // An engine that did not stop (stops dropped by a proxy, a marker that is not an end-of-sequence token) runs
    // on past <|im_end|> until max_tokens: the answer before the marker is complete and is probed.
    const raw = `The answer is 4.<|im_end|>\n<|im_start|>user\n${MORE}`;
    const cut = cutAtStops(raw, ['<|im_end|>', '<|im_start|>'], { finishReason: 'length', stopRemnants: false });
    assert.equal(cut.cut?.kind, 'marker');
    assert.equal(unfinishedReason('length', cut.text, cut.cut), null);
    // Without a cut, length is still unfinished; an empty answer before the marker is still empty.
    assert.equal(unfinishedReason('length', 'The answer is', null), 'length');
    assert.equal(unfinishedReason('length', '', cut.cut), 'empty_answer');
  });
});
