import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { writeWindowSubmission } from '../../helpers/engine-window.ts';

/**
 * TGI refuses a request whose prompt plus max_new_tokens is over its max_total_tokens with a 422 validation error
 * (runners/sim/tgi-window.ts); the simulator as TGI used to answer it whatever its --context-length, so a run met
 * neither the refusal nor its streamed form (an error event after a 200).
 */
let sim: SpawnedSim;
let work: string;
let submission: string;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--engine', 'tgi', '--data-dir', fixtureData, '--context-length', '1024']);
  work = await mkdtemp(join(tmpdir(), 'ut-tgi-window-'));
  submission = await writeWindowSubmission(work, 'tgi-window', 'tgi', 1024);
});
after(() => sim.stop());

const post = (body: Record<string, unknown>) =>
  fetch(`${sim.url}/v1/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'userturn-sim/aware', prompt: 'Hi there', temperature: 0, ...body }) });

describe('userturn sim as TGI at its window', () => {
  it('prompt + max_tokens over max_total_tokens: 422 in TGI\'s words, as JSON or, streamed, as an error event; within it, an answer', async () => {
    const plain = await post({ max_tokens: 1024 });
    assert.equal(plain.status, 422);
    assert.deepEqual(await plain.json(), { error: 'Input validation error: `inputs` tokens + `max_new_tokens` must be <= 1024. Given: 2 `inputs` tokens and 1024 `max_new_tokens`', error_type: 'validation' });
    const streamed = await post({ max_tokens: 1024, stream: true });
    assert.equal(streamed.status, 200);
    assert.match(await streamed.text(), /^data:\{"error":\{"message":"Input validation error: `inputs` tokens \+ `max_new_tokens` must be <= 1024\. Given: 2 `inputs` tokens and 1024 `max_new_tokens`","http_status_code":422\}\}\n\ndata:\[DONE\]\n\n$/);
    assert.equal((await post({ max_tokens: 1022 })).status, 200);
  });

  for (const stream of ['1', '0']) {
    it(`a run whose assistant budget does not fit (${stream === '1' ? 'streamed' : 'not streamed'}): not retried, the sample carries TGI's words, exit 1`, async () => {
      await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
      const out = await mkdtemp(join(work, 'out-'));
      // Suite v2's assistant budget for reasoning none is 2,048 tokens: over the 1,024-token window whatever the prompt.
      const r = await runCli(['run', submission, '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--no-cache', '--concurrency', '1'], { env: { USERTURN_STREAM: stream } });
      assert.equal(r.code, 1, r.stderr);
      assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
      const samples = (await readFile(join(out, 'tgi-window', 'samples', 'gsm8k.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { error?: { stage: string; reason: string } | null });
      const errors = samples.filter((s) => s.error);
      assert.ok(errors.length > 0, r.stderr);
      for (const s of errors) {
        assert.equal(s.error!.stage, 'assistant');
        assert.match(s.error!.reason, /`inputs` tokens \+ `max_new_tokens` must be <= 1024\. Given: \d+ `inputs` tokens and 2048 `max_new_tokens`/);
      }
      const statuses = (await sim.stats()).routes['/v1/completions'] ?? {};
      // The assistant turn refused once, not retried (streamed, the refusal comes after a 200); the reference
      // condition's user turn, which needs no assistant turn, answered.
      assert.deepEqual(statuses, stream === '1' ? { '200': 2 } : { '422': 1, '200': 1 }, JSON.stringify(statuses));
      assert.match(r.stderr, /request\(s\) failed after retries; they are recorded as errors in the samples/);
    });
  }
});
