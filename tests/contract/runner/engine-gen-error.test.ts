import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * vLLM's failed generation as `userturn sim --faults gen_error=…` sends it (runners/sim/fault-apply.ts): inside a
 * stream already answered 200, an error event and then `data: [DONE]`; not streamed, a 500 with the same body. The
 * runner refuses and retries both (tests/contract/runner/stream.test.ts runs a whole probe through them).
 */
const ERROR = { error: { message: 'Internal server error', type: 'InternalServerError', param: null, code: 500 } };
let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--engine', 'vllm', '--faults', 'gen_error=1']);
});
after(() => sim.stop());

const post = (stream: boolean) =>
  fetch(`${sim.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'userturn-sim/aware', prompt: '<|im_start|>user\nWhy is the sky blue?<|im_end|>\n<|im_start|>assistant\n', max_tokens: 64, stream }) });

it('streamed: 200, some text chunks, then the error as an event and [DONE]', async () => {
  const res = await post(true);
  assert.equal(res.status, 200);
  const events = (await res.text()).split('\n\n').filter(Boolean);
  assert.deepEqual(events.slice(-2), [`data: ${JSON.stringify(ERROR)}`, 'data: [DONE]']);
  for (const e of events.slice(0, -2)) assert.equal((JSON.parse(e.slice(6)) as { choices: Array<{ finish_reason: unknown }> }).choices[0]!.finish_reason, null, 'no chunk says it finished');
});

it('not streamed: a 500 with the same body', async () => {
  const res = await post(false);
  assert.equal(res.status, 500);
  assert.deepEqual(await res.json(), ERROR);
});
