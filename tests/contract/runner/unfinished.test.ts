import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { realTemplateConfig } from '../../helpers/real-templates.ts';
import { fixtureData, qwenTemplate, runCli, spawnSim, type SpawnedSim } from '../../helpers/processes.ts';

/**
 * Suite v2 over real HTTP: the simulator makes about half the assistant turns reason until max_tokens with an
 * unclosed <think>; those items must get no user-turn request, no verdict and no accuracy, and be counted.
 */
const ITEMS = 6; // every GSM8K item of the fixture
let sim: SpawnedSim;
before(async () => {
  sim = await spawnSim(['--profile', 'aware', '--seed', '2', '--data-dir', fixtureData, '--unfinished-rate', '0.5']);
});
after(() => sim.stop());

describe('unfinished assistant turns (suite v2)', () => {
  it('are neither probed nor scored, and the summary counts them per dataset with a Wilson interval', async () => {
    const work = await mkdtemp(join(tmpdir(), 'ut-unfinished-'));
    // Qwen3.5's real template opens <think> in the prompt; without it, Qwen3's packaged template (the simulator
    // then opens the block itself).
    const template = realTemplateConfig('qwen3.5') ?? qwenTemplate;
    const r = await runCli(['run', 'submissions/qwen/qwen3.5-9b.yaml', '--suite', 'benchmark/suites/v2.yaml', '--base-url', `${sim.url}/v1`, '--limit', String(ITEMS), '--datasets', 'gsm8k', '--data-dir', fixtureData, '--template', template, '--out', join(work, 'results'), '--no-cache']);
    assert.equal(r.code, 0, r.stderr);
    const dir = join(work, 'results', 'qwen3.5-9b');
    const summary = JSON.parse(await readFile(join(dir, 'summary.json'), 'utf8'));
    const lines = (await readFile(join(dir, 'samples', 'gsm8k.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));

    const unfinished = lines.filter((s) => s.unfinished);
    const finishedItems = new Set(lines.filter((s) => !s.unfinished).map((s) => s.item_id));
    const k = unfinished.length;
    assert.ok(k > 0 && k < ITEMS, `both kinds of item are present (${k} of ${ITEMS} unfinished)`);
    assert.equal(new Set(unfinished.map((s) => s.item_id)).size, k, 'one record per unfinished item');
    assert.equal(finishedItems.size, ITEMS - k);
    for (const s of unfinished) {
      assert.equal(s.unfinished.reason, 'length');
      assert.equal(s.assistant_finish_reason, 'length');
      assert.deepEqual([s.user_turn, s.response, s.accuracy, s.verdicts, s.finish_reason, s.error], ['', '', null, [], null, null]);
      assert.match(s.unfinished.raw_tail, /Let me check this again/);
      assert.ok(!finishedItems.has(s.item_id));
    }

    // No user-turn request for them: the simulator answered one assistant turn per item and one user turn per
    // probed sample, nothing else.
    const stats = await sim.stats();
    const probedSamples = lines.length - k;
    assert.equal(stats.routes['/v1/completions']?.['200'], ITEMS + probedSamples);

    const gsm = summary.datasets.find((d: { dataset: string }) => d.dataset === 'gsm8k');
    assert.equal(gsm.n_items, ITEMS);
    assert.deepEqual({ n: gsm.unfinished.n, of: gsm.unfinished.of, length: gsm.unfinished.length, empty: gsm.unfinished.empty_answer }, { n: k, of: ITEMS, length: k, empty: 0 });
    assert.equal(gsm.unfinished.rate.value, Math.round((k / ITEMS) * 1e6) / 1e6);
    assert.ok(gsm.unfinished.rate.lo < k / ITEMS && gsm.unfinished.rate.hi > k / ITEMS);
    assert.equal(gsm.accuracy.strict.n, ITEMS - k, 'accuracy is over finished items only');
    const greedy = gsm.conditions.find((c: { condition: string }) => c.condition === 'greedy');
    assert.equal(greedy.n_samples, ITEMS - k, 'rates are over probed samples only');
    assert.equal(summary.provenance.assistant_budget.max_tokens, 16384);
    assert.deepEqual([summary.provenance.assistant_budget.source, summary.provenance.assistant_budget.reasoning_mode], ['suite_reasoning_mode', 'think_tags']);
    assert.deepEqual(summary.provenance.engine_settings, { engine: 'vllm', extra_body: { skip_special_tokens: false }, runner_cuts_stops: true, streamed: true });

    const validate = await runCli(['validate', join(work, 'results')]);
    assert.equal(validate.code, 0, validate.stderr + validate.stdout);
  });
});
