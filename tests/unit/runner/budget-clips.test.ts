import assert from 'node:assert/strict';
import { it } from 'node:test';
import { budgetClips, cachedClips, clipRecord, clipStands, clipWarning, completionTokensOf, noteClip } from '../../../runners/client/budget-clips.ts';
import { validateCompletion } from '../../../runners/client/answer-check.ts';

const answer = (finish_reason: string, completion_tokens?: number) => ({
  model: 'm',
  choices: [{ index: 0, text: 'x', finish_reason }],
  ...(completion_tokens === undefined ? {} : { usage: { prompt_tokens: 5, completion_tokens, total_tokens: 5 + completion_tokens } }),
});

it('a length finish short of max_tokens is a clip; the whole budget, a stop, or no usage is not', () => {
  const clips = budgetClips();
  for (const [resp, asked] of [[answer('length', 510), 512], [answer('length', 512), 512], [answer('stop', 3), 512], [answer('length'), 512], [answer('length', 2047), 2048]] as const) {
    noteClip(clips, validateCompletion(resp, 'm'), asked, 'http://h/v1');
  }
  assert.deepEqual([...clips.from], [['http://h/v1', 2]]);
  assert.deepEqual(clips.widest, { got: 510, asked: 512 });
  assert.deepEqual(clipRecord(clips), { n: 2, got: 510, asked: 512 });
  assert.equal(clipWarning(budgetClips(), 'm', { window: 4096, lookedUp: true }), null);
  assert.match(clipWarning(cachedClips({ n: 2, got: 510, asked: 512 }), 'm', { window: 4096, lookedUp: true })!, /^warning: 2 answer\(s\) of "m" ended by length before their max_tokens \(510 of 512 tokens at the shortest; the cache 2\)/);
});

it('completion_tokens is read only when it is a whole number, and only for a length finish', () => {
  assert.equal(completionTokensOf({ usage: { completion_tokens: 3.5 } }), undefined);
  assert.equal(completionTokensOf({ usage: { completion_tokens: '3' } }), undefined);
  assert.equal(completionTokensOf(null), undefined);
  assert.equal(validateCompletion(answer('stop', 3), 'm').completion_tokens, undefined);
  assert.equal(validateCompletion(answer('length', 3), 'm').completion_tokens, 3);
});

it('a clipped answer stands under the window it was cached with, or when the run knows none; the warning says which', () => {
  assert.equal(clipStands({ clip_window: 2090 }, 2090), true);
  assert.equal(clipStands({ clip_window: 2090 }, 32768), false);
  assert.equal(clipStands({}, 2090), false, 'cached before the window was recorded, or by an engine that reported none');
  assert.equal(clipStands({ clip_window: 2090 }, null), true);
  assert.equal(clipStands({}, null), true);
  const clips = cachedClips({ n: 1, got: 510, asked: 512 });
  assert.match(clipWarning(clips, 'm', { window: 4096, lookedUp: true })!, /then rerun \(the cut answers are asked again once the engine reports a wider window; the others come from the cache\)$/);
  assert.match(clipWarning(clips, 'm', { window: null, lookedUp: true })!, /then rerun with a new --cache \(the engine reports no window, so the cut answers cached would be used again\)$/);
  // A rerun answered from the cache alone asked no endpoint: the line does not blame the engine.
  assert.match(clipWarning(clips, 'm', { window: null, lookedUp: false })!, /then rerun with a new --cache \(no endpoint was asked for its window: the answers came from the cache alone, and the cut ones would be used again\)$/);
});
