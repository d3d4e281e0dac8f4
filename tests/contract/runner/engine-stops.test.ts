import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Sample } from '../../../src/schema/index.ts';
import { memoryCache } from '../../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../../runners/client/completions-client.ts';
import type { EngineId } from '../../../runners/engines/behaviour.ts';
import { runProbe } from '../../../runners/probe/pipeline.ts';
import { prepareSetup } from '../../../runners/probe/setup.ts';
import { PROFILES } from '../../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../../runners/sim/server.ts';
import { glmFixture, realTemplateConfig, SKIP_REAL_TEMPLATES } from '../../helpers/real-templates.ts';
import { testJudge } from '../../helpers/test-judge.ts';

/**
 * Engine-independent stops over real HTTP: the simulator emulates each engine's special-token and stop-string
 * handling (runners/engines/behaviour.ts) and scripts user turns that run on past a role header into an
 * assistant reply; the runner sends each engine its own settings and cuts what comes back itself.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const MORE = 'Sure, here is more detail.';
const ENGINES: EngineId[] = ['vllm', 'sglang', 'tgi', 'llamacpp'];

interface TemplateCase {
  name: string;
  path: string | null;
  reasoning: 'none' | 'think_tags' | 'harmony';
  /** Where the runner must cut a run-on user turn when the engine applied no stop. */
  marker: string;
}
const TEMPLATES: TemplateCase[] = [
  { name: 'Qwen3.5', path: realTemplateConfig('qwen3.5'), reasoning: 'think_tags', marker: '<|im_start|>assistant' },
  { name: 'gpt-oss', path: realTemplateConfig('gpt-oss'), reasoning: 'harmony', marker: '<|end|>' },
  { name: 'GLM-style', path: glmFixture, reasoning: 'think_tags', marker: '<|assistant|>' },
];

const work = mkdtempSync(join(tmpdir(), 'ut-engines-'));
function submissionFor(engine: EngineId, reasoning: TemplateCase['reasoning']): string {
  const path = join(work, `${engine}-${reasoning}.yaml`);
  writeFileSync(
    path,
    [
      `id: engine-${engine}`, 'display_name: Engine test', 'family: test', 'hf:', '  repo: example/model', '  revision: main',
      'params:', '  total_b: 1', '  active_b: 1', 'license: mit', 'serving:', `  engine: ${engine}`, '  max_model_len: 32768',
      'reasoning:', `  mode: ${reasoning}`, 'submitter:', '  github: userturn-tests', '',
    ].join('\n'),
  );
  return path;
}

const sims: RunningSim[] = [];
after(async () => {
  for (const s of sims) await s.close();
});

/** Run suite v2 on two MT-Bench fixture items through a simulator emulating `engine`; the samples come back. */
async function probe(engine: EngineId, t: TemplateCase, sim: { serverSpecial?: boolean; ignoreStops?: boolean }): Promise<Sample[]> {
  const s = await startSim({ port: 0, profile: PROFILES.aware!, seed: 4, latencyMs: 0, faults: {}, retryAfterMs: 10, engine, runPast: true, ...sim });
  sims.push(s);
  const setup = await prepareSetup({
    root,
    submissionPath: submissionFor(engine, t.reasoning),
    suitePath: join(root, 'benchmark/suites/v2.yaml'),
    dataDir: join(root, 'tests/fixtures/datasets'),
    cacheDir: '/nonexistent',
    templateOverride: t.path!,
    limit: 2,
    datasets: ['mt_bench'],
    shard: null,
    warn: () => {},
  });
  const client = createCompletionsClient({ baseURLs: [`${s.url}/v1`], concurrency: 8, timeoutMs: 5000, maxAttempts: 1, backoffBaseMs: 5, backoffMaxMs: 20, cache: memoryCache() });
  const out = await runProbe(setup, { complete: (b) => client.complete(b), judges: [testJudge()], verify: () => null, model: 'm' });
  assert.equal(out.requestErrors, 0, `${engine} / ${t.name}: no request failed`);
  const samples = out.samples.get('mt_bench')!;
  assert.ok(samples.length >= 20, `${engine} / ${t.name}: every condition was probed (${samples.length} samples)`);
  return samples;
}

/** Samples whose user turn came back stopped (length-cut loops of the degenerate label cannot run on). */
const stopped = (xs: Sample[]) => xs.filter((x) => x.finish_reason === 'stop' && x.error === null);

describe('a user turn that runs past a role header is cut there and marked, for every engine setting', () => {
  for (const t of TEMPLATES) {
    for (const engine of ['vllm', 'sglang', 'llamacpp'] as const) {
      it(`${engine}, ${t.name}: the engine returns the run-on text; the runner cuts at ${t.marker} and records it`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
        const samples = await probe(engine, t, { ignoreStops: true, serverSpecial: engine === 'llamacpp' });
        for (const x of samples) assert.ok(!x.user_turn.includes(MORE), `${x.id}: the assistant's reply never stays in the user turn: ${JSON.stringify(x.user_turn)}`);
        const runOn = stopped(samples);
        assert.ok(runOn.length >= 10);
        for (const x of runOn) {
          assert.equal(x.user_turn_cut?.kind, 'marker', `${x.id} is marked as cut`);
          assert.equal(x.user_turn_cut!.marker, t.marker);
          assert.ok(x.user_turn_cut!.removed.startsWith(t.marker) && x.user_turn_cut!.removed.includes(MORE), x.user_turn_cut!.removed);
          assert.equal(x.user_turn_cut!.raw_chars, x.user_turn.length + x.user_turn_cut!.removed.length);
        }
      });
    }
    it(`tgi, ${t.name}: TGI applies stops on text with special tokens but returns it without them and keeps the stop text; the runner cuts what is left`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
      const samples = await probe('tgi', t, {});
      for (const x of samples) assert.ok(!x.user_turn.includes(MORE), `${x.id}: ${JSON.stringify(x.user_turn)}`);
      const cuts = samples.filter((x) => x.user_turn_cut);
      if (t.name === 'Qwen3.5') {
        // "<|im_start|>assistant" matched, "<|im_start|>" dropped from the text, "assistant" left at the end.
        assert.ok(cuts.length >= 5, `run-on turns are cut (${cuts.length})`);
        for (const x of cuts) assert.deepEqual([x.user_turn_cut!.kind, x.user_turn_cut!.marker, x.user_turn_cut!.removed], ['stop_remnant', 'assistant', 'assistant']);
        for (const x of cuts) assert.ok(!/assistant\s*$/.test(x.user_turn));
      } else {
        // <|end|> and <|assistant|> leave nothing visible once dropped: TGI's own stop is the whole story.
        assert.equal(cuts.length, 0);
      }
    });
  }
});

describe('with each engine behaving as its source says, no assistant reply reaches a user turn', () => {
  for (const t of TEMPLATES) {
    for (const engine of ENGINES) {
      it(`${engine}${engine === 'llamacpp' ? ' --special' : ''}, ${t.name}`, { skip: t.path ? false : SKIP_REAL_TEMPLATES }, async () => {
        const samples = await probe(engine, t, { serverSpecial: true });
        for (const x of samples) assert.ok(!x.user_turn.includes(MORE) && !x.user_turn.includes(t.marker), `${x.id}: ${JSON.stringify(x.user_turn)}`);
        // Where the engine stopped (vLLM, SGLang with skip_special_tokens false, llama.cpp --special) nothing is cut.
        if (engine !== 'tgi') assert.equal(samples.filter((x) => x.user_turn_cut).length, 0);
      });
    }
  }
  it('llama.cpp without --special drops the GLM role header from its text, so neither it nor the runner can stop there (why docs/runner.md asks for --special)', async () => {
    const samples = await probe('llamacpp', TEMPLATES[2]!, { serverSpecial: false });
    const leaked = stopped(samples).filter((x) => x.user_turn.includes(MORE));
    assert.ok(leaked.length >= 10, `run-on turns come back whole (${leaked.length})`);
    assert.ok(leaked.every((x) => !x.user_turn_cut));
  });
});
