import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { provenanceErrors, servedBySimulator } from '../../../src/lib/summary-provenance.ts';
import type { ResultSummary, Suite } from '../../../src/schema/index.ts';

const FIXTURE = new URL('../../fixtures/results-v1/sim-qwen3.5-0.8b/summary.json', import.meta.url);

/** The provenance.simulated errors of the fixture summary after `edit` (the suite checks are not what is read here). */
function simulatedErrors(edit: (p: ResultSummary['provenance']) => void): string[] {
  const s = JSON.parse(readFileSync(FIXTURE, 'utf8')) as ResultSummary;
  edit(s.provenance);
  const suite = { version: 1, assistant_turn: { temperature: 0, top_p: 1, max_tokens: 1 }, user_turn: { max_tokens: 1 }, conditions: [] } as unknown as Suite;
  return provenanceErrors('summary.json', s, suite, { judges: new Set(), anyError: false }).filter((e) => e.field === 'provenance.simulated').map((e) => e.message);
}

test('answers under the simulator\'s name make a run simulated whatever name was asked (userturn sim --alias)', () => {
  assert.equal(servedBySimulator(['qwen3.5-9b']), false);
  assert.equal(servedBySimulator(['qwen3.5-9b'], ['userturn-sim/restater']), true);
  assert.equal(servedBySimulator(['qwen3.5-9b'], ['qwen3.5-9b-instruct']), false, 'a real engine\'s other served name');
  assert.equal(servedBySimulator(['userturn-sim/aware']), true);
});

test('validate refuses simulated: false beside answers under the simulator\'s name, and names the field that says so', () => {
  const asked = (p: ResultSummary['provenance']) => Object.assign(p, { endpoint_models: ['qwen3.5-9b'], answered_models: ['userturn-sim/restater'] });
  assert.deepEqual(simulatedErrors((p) => (asked(p), (p.simulated = false))), ['is false but answered_models name the simulator (userturn-sim/…)']);
  assert.deepEqual(simulatedErrors((p) => (asked(p), (p.simulated = true))), []);
  assert.deepEqual(simulatedErrors((p) => Object.assign(p, { endpoint_models: ['qwen3.5-9b'], simulated: false })), [], 'an older result without answered_models reads as before');
  assert.deepEqual(simulatedErrors((p) => Object.assign(p, { endpoint_models: ['userturn-sim/x'], simulated: false })), ["is false but endpoint_models are all the simulator's (userturn-sim/…)"]);
});
