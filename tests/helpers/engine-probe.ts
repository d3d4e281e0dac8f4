import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sample } from '../../src/schema/index.ts';
import { memoryCache } from '../../runners/cache/sqlite-cache.ts';
import { createCompletionsClient } from '../../runners/client/completions-client.ts';
import { ENGINES, type EngineBehaviour, type EngineId } from '../../runners/engines/behaviour.ts';
import { runProbe } from '../../runners/probe/pipeline.ts';
import { prepareSetup } from '../../runners/probe/setup.ts';
import { PROFILES } from '../../runners/sim/profiles.ts';
import { startSim, type RunningSim } from '../../runners/sim/server.ts';
import { glmFixture, realTemplateConfig } from './real-templates.ts';
import { testJudge } from './test-judge.ts';

/**
 * A probe of two MT-Bench fixture items through a simulator that emulates one engine, with the client the runner
 * builds for that engine (its route, streaming and finish-reason names): what the per-engine contract tests share.
 */
const root = join(import.meta.dirname, '..', '..');
export const MORE = 'Sure, here is more detail.';

export interface TemplateCase {
  name: string;
  path: string | null;
  reasoning: 'none' | 'think_tags' | 'harmony';
  /** Where the runner must cut a run-on user turn when the engine applied no stop. */
  marker: string;
}
export const TEMPLATES: TemplateCase[] = [
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
      'params:', '  total_b: 1', '  active_b: 1', 'license: mit', 'serving:', `  engine: ${engine}`, ...(engine === 'llamacpp' || engine === 'ollama' ? ['  gguf_quant: Q4_K_M'] : []), '  max_model_len: 32768',
      'reasoning:', `  mode: ${reasoning}`, 'submitter:', '  github: userturn-tests', '',
    ].join('\n'),
  );
  return path;
}

export const sims: RunningSim[] = [];

export interface ProbeOptions {
  serverSpecial?: boolean;
  ignoreStops?: boolean;
  /** Every user turn runs on past a role header instead of ending at its end-of-turn token (default true). */
  runPast?: boolean;
  /** Every turn that ends does so on the last token its budget allows (userturn sim --end-at-budget). */
  endAtBudget?: boolean;
  /** Ask for streamed answers (default: as the runner does for the engine; false is USERTURN_STREAM=0). */
  stream?: boolean;
  /** The suite file under benchmark/suites (default v2.yaml). */
  suite?: string;
  /** The client as the runner builds it for the engine (default), or another engine's behaviour (to show it fails). */
  client?: Pick<EngineBehaviour, 'api' | 'finishAliases' | 'streams'>;
}

/** Run suite v2 on two MT-Bench fixture items through a simulator emulating `engine`; the samples come back. */
export async function probe(engine: EngineId, t: TemplateCase, o: ProbeOptions): Promise<{ samples: Sample[]; requestErrors: number }> {
  const s = await startSim({ port: 0, profile: PROFILES.aware!, seed: 4, latencyMs: 0, faults: {}, retryAfterMs: 10, engine, runPast: o.runPast ?? true, serverSpecial: o.serverSpecial, ignoreStops: o.ignoreStops, endAtBudget: o.endAtBudget });
  sims.push(s);
  const setup = await prepareSetup({
    root,
    submissionPath: submissionFor(engine, t.reasoning),
    suitePath: join(root, 'benchmark/suites', o.suite ?? 'v2.yaml'),
    dataDir: join(root, 'tests/fixtures/datasets'),
    cacheDir: '/nonexistent',
    templateOverride: t.path!,
    limit: 2,
    datasets: ['mt_bench'],
    shard: null,
    stream: o.stream,
    warn: () => {},
  });
  const behaviour = o.client ?? ENGINES[engine];
  const client = createCompletionsClient({ baseURLs: [`${s.url}/v1`], concurrency: 8, timeoutMs: 5000, maxAttempts: 1, backoffBaseMs: 5, backoffMaxMs: 20, cache: memoryCache(), stream: o.stream ?? behaviour.streams, engine: behaviour });
  const out = await runProbe(setup, { complete: (b) => client.complete(b), judges: [testJudge()], verify: () => null, model: `userturn-sim/${PROFILES.aware!.name}` });
  return { samples: out.samples.get('mt_bench')!, requestErrors: out.requestErrors };
}

/** A probe that must succeed: no request failed, every condition probed. */
export async function probeOk(engine: EngineId, t: TemplateCase, o: ProbeOptions): Promise<Sample[]> {
  const { samples, requestErrors } = await probe(engine, t, o);
  assert.equal(requestErrors, 0, `${engine} / ${t.name}: no request failed`);
  assert.ok(samples.length >= 20, `${engine} / ${t.name}: every condition was probed (${samples.length} samples)`);
  return samples;
}

/** Samples whose user turn came back stopped (length-cut loops of the degenerate label cannot run on). */
export const stopped = (xs: Sample[]) => xs.filter((x) => x.finish_reason === 'stop' && x.error === null);
