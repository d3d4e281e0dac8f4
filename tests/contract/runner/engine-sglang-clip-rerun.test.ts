import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { prepareSetup } from '../../../runners/probe/setup.ts';
import { fixtureData, qwenTemplate, root, type SpawnedSim } from '../../helpers/processes.ts';
import { askedKeys, clippedRows, clipSummary, runClip, sglangTokens, spawnSglang, warnings, writeClipSubmission } from '../../helpers/engine-window.ts';

/**
 * An answer SGLang clipped at its window (engine-sglang-clip.test.ts) is cached with the window the endpoint reported
 * (its /v1/models max_model_len), and reused only under that window. Before, it was cached like any answer, so a rerun
 * against the engine served with a longer context got the clipped answer back from the cache, and the warning's
 * advice was a new --cache (asking every answer again). Here four assistant turns run to their budget under a window
 * that clips the longest prompts' and not the others'.
 */
const LIMIT = 4;
let work: string;
let submission: string;
let window: number;
const sims: SpawnedSim[] = [];

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'ut-clip-rerun-'));
  submission = await writeClipSubmission(work);
  // Each assistant prompt the run sends, counted by the simulator's SGLang tokenize route: the window is the longest
  // prompt plus the budget, so that prompt's answer comes 2 tokens short and one 2 tokens shorter is whole.
  const setup = await prepareSetup({ root, submissionPath: submission, suitePath: join(root, 'benchmark/suites/v2.yaml'), dataDir: fixtureData, cacheDir: '/nonexistent', templateOverride: qwenTemplate, limit: LIMIT, datasets: ['gsm8k'], shard: null, warn: () => {} });
  const probe = await spawnSglang(sims, 32_768);
  const counts: number[] = [];
  for (const item of setup.datasets[0]!.items) {
    const prompt = await setup.builder.assistantPromptAsync(item.question);
    counts.push(await sglangTokens(probe, prompt));
  }
  const longest = Math.max(...counts);
  assert.ok(counts.some((n) => n <= longest - 2), `every prompt is within 2 tokens of the longest (${counts.join(', ')}): nothing would be left whole`);
  window = longest + setup.assistantMaxTokens;
});
after(() => Promise.all(sims.map((s) => s.stop())));

const run = (sim: SpawnedSim, out: string, cache: string[]) => runClip(submission, LIMIT, sim, out, cache);
/** The keys of the cached answers that ended by length short of their budget. */
const clippedKeys = (file: string) => clippedRows(file, 2048).map((r) => r.key);

it('a clipped answer is reused under the window it was clipped at and asked again, alone, under a wider one', async () => {
  const narrow = await spawnSglang(sims, window);
  const cache = ['--cache', join(work, 'cache.sqlite')];
  const out = await mkdtemp(join(work, 'out-'));
  const first = await run(narrow, out, cache);
  assert.equal(first.code, 0, first.stderr);
  const clipped = clippedKeys(join(work, 'cache.sqlite'));
  assert.ok(clipped.length > 0 && clipped.length < LIMIT, `${clipped.length} of ${LIMIT} answers clipped`);
  assert.match(warnings(first.stderr)[0] ?? '', new RegExp(`^warning: ${clipped.length} answer\\(s\\) .* then rerun \\(the cut answers are asked again once the engine reports a wider window; the others come from the cache\\)$`), first.stderr);

  // A resume against the same engine (another results folder: the whole path, every answer looked up) sends nothing.
  await fetch(`${narrow.url}/sim/reset`, { method: 'POST' });
  const resumed = await run(narrow, await mkdtemp(join(work, 'out-')), cache);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(await askedKeys(narrow), [], 'the resume asked again');
  assert.match(warnings(resumed.stderr)[0] ?? '', new RegExp(`\\(2046 of 2048 tokens at the shortest; the cache ${clipped.length}\\)`));

  // The engine served with a longer context, into the first run's folder (whose result was kept whole under the narrow
  // window): exactly the clipped answers are asked again, and the result is the one a run from an empty cache gives.
  const wide = await spawnSglang(sims, 32_768);
  const rerun = await run(wide, out, cache);
  assert.equal(rerun.code, 0, rerun.stderr);
  assert.deepEqual(await askedKeys(wide), clipped);
  assert.deepEqual(warnings(rerun.stderr), [], rerun.stderr);
  assert.deepEqual(clippedKeys(join(work, 'cache.sqlite')), [], 'the clipped rows were replaced');
  const fresh = await mkdtemp(join(work, 'out-'));
  const clean = await run(wide, fresh, ['--no-cache']);
  assert.equal(clean.code, 0, clean.stderr);
  assert.equal(await clipSummary(out), await clipSummary(fresh));
});
