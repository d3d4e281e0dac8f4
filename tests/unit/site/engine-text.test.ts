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

test('the version the engine reported follows its name; a result without one reads as before', () => {
  const v = (version: string | null) => ({ engine: 'vllm', version });
  assert.equal(engineText({ engine_settings: settings, simulated: false }, { engine_versions: [v('0.11.0')] }),
    'vllm 0.11.0; sent with every completion: skip_special_tokens=false; streamed; user turns cut at the stop markers by the runner');
  assert.match(engineText({ engine_settings: settings, simulated: false }, { engine_versions: [v('0.10.2'), v('0.11.0'), v(null)] }),
    /^vllm 0\.10\.2 and 0\.11\.0 \(the endpoints differed; an endpoint reported none\); /);
  assert.match(engineText({ engine_settings: settings, simulated: true }, { engine_versions: [v('0.0.0-userturn-sim')] }),
    /^simulator \(standing in for vllm\), reporting version 0\.0\.0-userturn-sim; /);
  const before = engineText({ engine_settings: settings, simulated: false });
  for (const engine_versions of [undefined, [], [v(null)]]) assert.equal(engineText({ engine_settings: settings, simulated: false }, { engine_versions }), before);
});
