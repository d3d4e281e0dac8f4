import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { prepareSetup } from '../../../runners/probe/setup.ts';
import { fixtureData, qwenTemplate, root, type SpawnedSim } from '../../helpers/processes.ts';
import { startWireProxy } from '../../helpers/wire-fault-proxy.ts';
import { askedKeys, clippedRows, clipSummary, llamacppTokens, runClip, spawnAtWindow, warnings, writeClipSubmission } from '../../helpers/engine-window.ts';

/**
 * llama-server with context shift off (its default) stops an answer where prompt and answer fill its window: `length`
 * with window - prompt completion tokens, no error (runners/sim/llamacpp-window.ts). The run counts such answers as
 * clipped, and keys them in the cache by the window llama.cpp reports as meta.n_ctx on its /v1/models card, as it does
 * SGLang's (engine-sglang-clip-rerun.test.ts). Before, the run read no window from llama.cpp: a rerun against the
 * server restarted with a longer --ctx-size got the clipped answers back, and the warning's advice was a new --cache.
 * Four assistant turns run to their budget under a window that clips the longest prompts' and not the others'.
 */
const LIMIT = 4;
let work: string;
let submission: string;
let window: number;
/** A window that clips every one of the LIMIT answers, the shortest prompt's by 2 tokens. */
let clipsAll: number;
let budget: number;
const sims: SpawnedSim[] = [];

before(async () => {
  work = await mkdtemp(join(tmpdir(), 'ut-llamacpp-clip-'));
  submission = await writeClipSubmission(work, 'llamacpp');
  const setup = await prepareSetup({ root, submissionPath: submission, suitePath: join(root, 'benchmark/suites/v2.yaml'), dataDir: fixtureData, cacheDir: '/nonexistent', templateOverride: qwenTemplate, limit: LIMIT, datasets: ['gsm8k'], shard: null, warn: () => {} });
  const probe = await spawnAtWindow(sims, 32_768, 'llamacpp');
  const counts: number[] = [];
  for (const item of setup.datasets[0]!.items) counts.push(await llamacppTokens(probe, await setup.builder.assistantPromptAsync(item.question)));
  const longest = Math.max(...counts);
  assert.ok(counts.some((n) => n <= longest - 2), `every prompt is within 2 tokens of the longest (${counts.join(', ')}): nothing would be left whole`);
  budget = setup.assistantMaxTokens;
  // The longest prompt's answer gets 2 tokens fewer than its budget; a prompt 2 tokens shorter gets it whole.
  window = longest + budget - 2;
  clipsAll = Math.min(...counts) + budget - 2;
});
after(() => Promise.all(sims.map((s) => s.stop())));

const run = (sim: SpawnedSim, out: string, cache: string[]) => runClip(submission, LIMIT, sim, out, cache);
const clipped = (file: string) => clippedRows(file, budget);

it('an answer llama.cpp stopped at its window is counted, cached with the window its /v1/models reports, reused under it and asked again under a wider one', async () => {
  const narrow = await spawnAtWindow(sims, window, 'llamacpp');
  const cache = ['--cache', join(work, 'cache.sqlite')];
  const out = await mkdtemp(join(work, 'out-'));
  const first = await run(narrow, out, cache);
  assert.equal(first.code, 0, first.stderr);
  const rows = clipped(join(work, 'cache.sqlite'));
  assert.ok(rows.length > 0 && rows.length < LIMIT, `${rows.length} of ${LIMIT} answers clipped`);
  assert.deepEqual(rows.map((r) => r.clip_window), rows.map(() => window), 'each clipped row carries the window');
  assert.match(
    warnings(first.stderr)[0] ?? '',
    new RegExp(`^warning: ${rows.length} answer\\(s\\) of "userturn-sim/aware" ended by length before their max_tokens \\(${budget - 2} of ${budget} tokens at the shortest; ${narrow.url}/v1 ${rows.length}\\): .* then rerun \\(the cut answers are asked again once the engine reports a wider window; the others come from the cache\\)$`),
    first.stderr,
  );

  // A resume against the same server sends nothing.
  await fetch(`${narrow.url}/sim/reset`, { method: 'POST' });
  const resumed = await run(narrow, await mkdtemp(join(work, 'out-')), cache);
  assert.equal(resumed.code, 0, resumed.stderr);
  assert.deepEqual(await askedKeys(narrow), [], 'the resume asked again');

  // The server restarted with a longer --ctx-size: exactly the clipped answers are asked again, and the result is the
  // one a run from an empty cache gives.
  const wide = await spawnAtWindow(sims, 32_768, 'llamacpp');
  const rerun = await run(wide, out, cache);
  assert.equal(rerun.code, 0, rerun.stderr);
  assert.deepEqual(await askedKeys(wide), rows.map((r) => r.key));
  assert.deepEqual(warnings(rerun.stderr), [], rerun.stderr);
  assert.deepEqual(clipped(join(work, 'cache.sqlite')), [], 'the clipped rows were replaced');
  const fresh = await mkdtemp(join(work, 'out-'));
  const clean = await run(wide, fresh, ['--no-cache']);
  assert.equal(clean.code, 0, clean.stderr);
  assert.equal(await clipSummary(out), await clipSummary(fresh));
});

it('an engine restarted mid-run with a smaller window: the answers it clips after are cached with its new window, so a rerun on the wider one asks them again', { timeout: 90_000 }, async () => {
  const wide = await spawnAtWindow(sims, 32_768, 'llamacpp');
  const narrow = await spawnAtWindow(sims, clipsAll, 'llamacpp');
  // One endpoint: llama-server, restarted (--ctx-size smaller) after its second answer; the others wait for it.
  const proxy = await startWireProxy({ target: wide.url, seed: 1, faultRate: 0, dressRate: 0, restartAfter: [2], restartMs: 1000, targetAfterRestart: narrow.url });
  const cache = ['--cache', join(work, 'restart.sqlite')];
  try {
    const first = await runClip(submission, LIMIT, proxy, await mkdtemp(join(work, 'out-')), cache, { USERTURN_BACKOFF_BASE_MS: '20', USERTURN_BACKOFF_MAX_MS: '40', USERTURN_RECHECK_BASE_MS: '100', USERTURN_RECHECK_MAX_MS: '400' });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, new RegExp(`${proxy.url}/v1 is back after \\d+ s down`));
    const rows = clipped(join(work, 'restart.sqlite'));
    // Before: cached under the window the run read at its start (32,768), and a rerun on that window reused them.
    assert.deepEqual(rows.map((r) => r.clip_window), [clipsAll, clipsAll], 'the two answers after the restart are clipped, each under the window it was cut at');
  } finally {
    await proxy.close();
  }
  const out = await mkdtemp(join(work, 'out-'));
  await fetch(`${wide.url}/sim/reset`, { method: 'POST' });
  const rerun = await run(wide, out, cache);
  assert.equal(rerun.code, 0, rerun.stderr);
  assert.equal((await askedKeys(wide)).length, 2, 'the clipped answers were asked again, and nothing else');
  assert.deepEqual(warnings(rerun.stderr), [], rerun.stderr);
  const fresh = await mkdtemp(join(work, 'out-'));
  assert.equal((await run(wide, fresh, ['--no-cache'])).code, 0);
  assert.equal(await clipSummary(out), await clipSummary(fresh));
});
