import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { writeWindowSubmission } from '../../helpers/engine-window.ts';

/**
 * Ollama given `truncate: false` (as the runner sends it) passes the prompt whole to its llama-server, which refuses
 * one of num_ctx tokens or more with a 400 that Ollama hands on as text (runners/sim/ollama-window.ts). The simulator
 * as Ollama used to answer it whatever its --context-length, so a run never met the refusal.
 */
const WINDOW = 40;
let sim: SpawnedSim;
let work: string;
let submission: string;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--engine', 'ollama', '--data-dir', fixtureData, '--context-length', String(WINDOW)]);
  work = await mkdtemp(join(tmpdir(), 'ut-ollama-window-'));
  submission = await writeWindowSubmission(work, 'ollama-window', 'ollama', 512);
});
after(() => sim.stop());

const generate = (body: Record<string, unknown>) =>
  fetch(`${sim.url}/api/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'userturn-sim/aware', raw: true, options: { temperature: 0, num_predict: 8 }, ...body }) });

const refusal = (n: number) => JSON.stringify({ error: { code: 400, message: `request (${n} tokens) exceeds the available context size (${WINDOW} tokens), try increasing it`, type: 'exceed_context_size_error', n_prompt_tokens: n, n_ctx: WINDOW } });

describe('userturn sim as Ollama at its window', () => {
  it('truncate: false and a prompt of num_ctx tokens or more: 400 with llama-server\'s error as text, streamed or not; one token fewer, or truncate left out, an answer', async () => {
    const long = Array.from({ length: WINDOW }, () => 'a').join(' ');
    for (const stream of [true, false]) {
      const r = await generate({ prompt: long, truncate: false, stream });
      assert.equal(r.status, 400);
      assert.deepEqual(await r.json(), { error: refusal(WINDOW) });
    }
    const fits = long.split(' ').slice(1).join(' ');
    assert.equal((await generate({ prompt: fits, truncate: false, stream: false })).status, 200);
    // Left out, truncate is true: Ollama cuts the prompt and answers (the cut is not imitated).
    assert.equal((await generate({ prompt: long, stream: false })).status, 200);
  });

  it('a run whose user-turn prompts are over the window: not retried, the sample carries the engine\'s words, exit 1', async () => {
    await fetch(`${sim.url}/sim/reset`, { method: 'POST' });
    const out = await mkdtemp(join(work, 'out-'));
    const r = await runCli(['run', submission, '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--no-cache', '--concurrency', '1']);
    assert.equal(r.code, 1, r.stderr);
    assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
    const samples = (await readFile(join(out, 'ollama-window', 'samples', 'gsm8k.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { error?: { stage: string; reason: string } | null });
    const errors = samples.filter((s) => s.error);
    // The assistant's prompt fits the window, every user turn's (the answer added) does not.
    assert.equal(errors.length, samples.length, r.stderr);
    for (const s of errors) {
      assert.equal(s.error!.stage, 'user_turn');
      assert.match(s.error!.reason, /request \(\d+ tokens\) exceeds the available context size \(40 tokens\), try increasing it.*\(after 1 attempt\)$/);
    }
    const statuses = (await sim.stats()).routes['/api/generate'] ?? {};
    assert.deepEqual(statuses, { '200': 1, '400': errors.length }, JSON.stringify(statuses));
    assert.match(r.stderr, /request\(s\) failed after retries; they are recorded as errors in the samples/);
  });
});
