import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';
import { writeWindowSubmission } from '../../helpers/engine-window.ts';

/**
 * llama-server refuses a prompt of its window or more with a 400 exceed_context_size_error (runners/sim/llamacpp-window.ts).
 * A run records the refusal in the engine's words as the sample's error, without a retry, and exits 1. The simulator
 * as llama.cpp used to answer whatever its --context-length, so a run never met the refusal.
 */
/** Shorter than the assistant turn's prompt: an answer clipped at the window would be unfinished and never probed. */
const WINDOW = 20;
let sim: SpawnedSim;
let submission: string;
let work: string;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--engine', 'llamacpp', '--data-dir', fixtureData, '--context-length', String(WINDOW)]);
  work = await mkdtemp(join(tmpdir(), 'ut-llamacpp-window-'));
  submission = await writeWindowSubmission(work, 'llamacpp-window', 'llamacpp', 512);
});
after(() => sim.stop());

it('a run whose prompts are over the window: not retried, every sample carries the engine\'s words, exit 1', async () => {
  const out = await mkdtemp(join(work, 'out-'));
  const r = await runCli(['run', submission, '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, '--no-cache', '--concurrency', '1']);
  assert.equal(r.code, 1, r.stderr);
  assert.doesNotMatch(r.stderr, /internal error|\n\s+at /);
  const samples = (await readFile(join(out, 'llamacpp-window', 'samples', 'gsm8k.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as { condition: string; error?: { stage: string; reason: string } | null });
  // The assistant turn is refused, and its error is every sample's but the reference condition's, whose own user turn
  // (question and reference answer) is refused too.
  assert.ok(samples.length > 1);
  for (const s of samples) {
    assert.equal(s.error?.stage, s.condition === 'reference' ? 'user_turn' : 'assistant', JSON.stringify(s));
    assert.match(s.error!.reason, new RegExp(`request \\(\\d+ tokens\\) exceeds the available context size \\(${WINDOW} tokens\\), try increasing it.*\\(after 1 attempt\\)$`));
  }
  const refused = new Set(samples.map((s) => s.error!.stage === 'assistant' ? 'assistant' : s.condition)).size;
  assert.deepEqual((await sim.stats()).routes['/v1/completions'], { '400': refused }, 'each refused request was sent once');
  assert.match(r.stderr, /request\(s\) failed after retries; they are recorded as errors in the samples/);
});
