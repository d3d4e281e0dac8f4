import assert from 'node:assert/strict';
import { test } from 'node:test';
import { engineText } from '../../../src/lib/site/engine-text.ts';

const settings = { engine: 'vllm', extra_body: { skip_special_tokens: false }, runner_cuts_stops: true, streamed: true };

test('a simulated run names the simulator first, and the engine it stood in for', () => {
  const text = engineText({ engine_settings: settings, simulated: true });
  assert.match(text, /^simulator \(standing in for vllm\); sent with every completion: skip_special_tokens=false; /);
});

test('a run served by a real engine names that engine alone', () => {
  assert.equal(engineText({ engine_settings: settings, simulated: false }),
    'vllm; sent with every completion: skip_special_tokens=false; streamed; user turns cut at the stop markers by the runner');
});

test('a simulated result without engine settings still says it was the simulator', () => {
  assert.match(engineText({ simulated: true }), /^simulator \(engine not recorded/);
  assert.match(engineText({ simulated: false }), /^not recorded/);
});
