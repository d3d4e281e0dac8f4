import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { prepareSetup } from '../../../runners/probe/setup.ts';
import { comparable, fixtureData, qwenTemplate, root, runCli, type SpawnedSim } from '../../helpers/processes.ts';
import { sglangTokens, spawnSglang, warnings, writeClipSubmission } from '../../helpers/engine-window.ts';

/**
 * SGLang accepts prompt + max_tokens up to its window and then generates at most window - 2 - prompt tokens
 * (sgl-project/sglang#33814; runners/sim/sglang-window.ts): a run made without `doctor`, whose request lands within 2
 * tokens of the window, got that answer 1-2 tokens short as `length` and said nothing. The usage the runner asks for
 * (and caches) shows it: `length` with completion_tokens below max_tokens. Here the one assistant turn of a
 * one-item run lands exactly on the window, and the simulated model reasons on until its budget ends.
 */
let work: string;
let submission: string;
/** The assistant turn's prompt tokens and budget: prompt + budget is the window at which SGLang clips by 2. */
let edge: number;
const sims: SpawnedSim[] = [];

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'ut-clip-'));
  submission = await writeClipSubmission(work);
  // The prompt the run sends, built as the run builds it, counted by the simulator's SGLang tokenize route.
  const setup = await prepareSetup({ root, submissionPath: submission, suitePath: join(root, 'benchmark/suites/v2.yaml'), dataDir: fixtureData, cacheDir: '/nonexistent', templateOverride: qwenTemplate, limit: 1, datasets: ['gsm8k'], shard: null, warn: () => {} });
  const prompt = await setup.builder.assistantPromptAsync(setup.datasets[0]!.items[0]!.question);
  const probe = await spawnSglang(sims, 32_768);
  edge = (await sglangTokens(probe, prompt)) + setup.assistantMaxTokens;
});
after(async () => {
  await Promise.all(sims.map((s) => s.stop()));
});

const run = (sim: SpawnedSim, out: string, cache: string[], env: Record<string, string> = {}) =>
  runCli(['run', submission, '--base-url', `${sim.url}/v1`, '--limit', '1', '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', qwenTemplate, '--out', out, ...cache, '--concurrency', '2'], { env });


async function resultOf(out: string): Promise<{ summary: string; samples: Array<Array<Record<string, unknown>>> }> {
  const dir = join(out, 'clip');
  const summary = comparable(JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8')) as Record<string, unknown>);
  const files = (await readdir(join(dir, 'samples'))).sort();
  // Timings are measured, not derived.
  const lines = async (f: string) => (await readFile(join(dir, 'samples', f), 'utf8')).trim().split('\n').map((l) => ({ ...(JSON.parse(l) as Record<string, unknown>), timings: null }));
  return { summary, samples: await Promise.all(files.map(lines)) };
}

describe('userturn run against SGLang at the edge of its window', () => {
  it('says in one warning line that the engine cut a budget: endpoint, model, count, what to do; a rerun from the cache says it too', async () => {
    const sim = await spawnSglang(sims, edge);
    const out = await mkdtemp(join(work, 'out-'));
    const cache = ['--cache', join(work, 'edge.sqlite')];
    // Round 2 reuses the kept result whole; round 3, its samples file removed, reads the answer from the cache.
    for (const [round, from] of [[1, `${sim.url}/v1`], [2, 'the cache'], [3, 'the cache']] as const) {
      if (round === 3) await rm(join(out, 'clip', 'samples', 'gsm8k.jsonl'));
      const r = await run(sim, out, cache);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(warnings(r.stderr), [
        `warning: 1 answer(s) of "userturn-sim/aware" ended by length before their max_tokens (2046 of 2048 tokens at the shortest; ${from} 1): the engine cut the budget at its context window (SGLang gives at most window - 2 - prompt tokens, llama.cpp window - prompt, without an error), so these turns are cut short; raise the engine's context length (serving.max_model_len) or lower max_tokens, then rerun (the cut answers are asked again once the engine reports a wider window; the others come from the cache)`,
      ], `round ${round}`);
    }
    assert.deepEqual((await sim.stats()).routes['/v1/completions'], { '200': 1 }, 'the reruns sent nothing');
  });
  it('not streamed (USERTURN_STREAM=0), the JSON answer\'s usage says it the same', async () => {
    const sim = await spawnSglang(sims, edge);
    const r = await run(sim, await mkdtemp(join(work, 'out-')), ['--no-cache'], { USERTURN_STREAM: '0' });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(warnings(r.stderr).length, 1, r.stderr);
    assert.match(warnings(r.stderr)[0]!, /^warning: 1 answer\(s\) of "userturn-sim\/aware" ended by length before their max_tokens \(2046 of 2048 tokens/);
  });
  it('2 tokens wider, nothing is cut: no warning, and the result is the one the default window gives', async () => {
    const [roomy, wide] = [await spawnSglang(sims, edge + 2), await spawnSglang(sims, 32_768)];
    const outs = [await mkdtemp(join(work, 'out-')), await mkdtemp(join(work, 'out-'))];
    const results = [];
    for (const [i, sim] of [roomy, wide].entries()) {
      const r = await run(sim, outs[i]!, ['--no-cache']);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(warnings(r.stderr), [], r.stderr);
      results.push(await resultOf(outs[i]!));
    }
    assert.deepEqual(results[0], results[1]);
  });
});
