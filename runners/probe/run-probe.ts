import { join, resolve } from 'node:path';
import { openRunCache } from '../cache/run-cache.ts';
import { createCompletionsClient } from '../client/completions-client.ts';
import { EndpointError, redactUrl, servedModels, type Endpoint } from '../client/endpoints.ts';
import { withFailLimit } from '../client/fail-limit.ts';
import { cachedJudge } from '../judge/cached.ts';
import { createJudgePanel } from '../judge/index.ts';
import type { Judge } from '../core/judge.ts';
import { createSampleSink } from '../results/sample-sink.ts';
import { cachedSummary } from '../results/cached-summary.ts';
import { commitStreamedResults } from '../results/write.ts';
import { finalTable } from './final-table.ts';
import { tuneHeapForLongRuns } from './heap.ts';
import { runProbe, totalRequests } from './pipeline.ts';
import { prepareRun } from './prepare-run.ts';
import { createProgress } from './progress.ts';
import { runProvenance } from './provenance.ts';
import type { RunDeps, RunOptions, RunOutcome } from './run-options.ts';
import { SetupError } from './setup.ts';
import { cachedPromptBuilder } from '../templates/cached-builder.ts';
import { storedStops } from '../templates/cached-stops.ts';
import { cachedVerify } from '../verifiers/cached.ts';
import { stageLine } from './final-table.ts';
import { safeVerifier } from './verify-safe.ts';
import type { CpuStage } from './cpu-stage.ts';
import { lazyCpuStage } from './lazy-cpu-stage.ts';

async function judgePanel(opts: RunOptions, deps: RunDeps): Promise<Judge[]> {
  let judges: Judge[];
  try {
    judges = deps.judges ?? (await createJudgePanel({ judgeConfigs: opts.judgeConfigs, includeHeuristic: true, cachePath: opts.cachePath === null ? null : resolve(opts.cachePath) }));
  } catch (e) {
    throw new SetupError(`judge panel: ${(e as Error).message}`);
  }
  if (judges.length === 0) throw new SetupError('the judge panel is empty');
  return judges;
}

/** The model name every endpoint serves (--model, else /v1/models); endpoints serving different models are refused. */
async function endpointModels(opts: RunOptions, endpoints: Endpoint[]): Promise<string[]> {
  const models = opts.model ? opts.baseURLs.map(() => opts.model!) : await servedModels(endpoints, opts.timeoutMs);
  const distinct = [...new Set(models)].sort();
  if (distinct.length > 1) throw new EndpointError(`the endpoints serve different models (${distinct.join(', ')}); pass --model to choose one name`);
  return distinct;
}

/** `userturn run`: every request of the plan (cached, so a rerun resumes), then the result written in place. */
export async function runProbeCommand(rawOpts: RunOptions, deps: RunDeps = {}): Promise<RunOutcome> {
  const stops = storedStops(rawOpts.cachePath === null ? null : resolve(rawOpts.cachePath));
  const { opts, setup: planned } = await prepareRun({ ...rawOpts, stopsFrom: stops.stopsFrom });
  tuneHeapForLongRuns();
  const startedAt = new Date();
  const panel = await judgePanel(opts, deps);
  // Answers are cached per model weights: a re-pinned submission queries the model again. Prompts, scores and
  // verdicts are cached by content in the same file, so a rerun computes nothing it has computed before.
  const runCache = openRunCache(opts.cachePath === null ? null : resolve(opts.cachePath), { scope: `${planned.submission.hf.repo}@${planned.submission.hf.revision}`, onCorruptRow: opts.log });
  const { responses: cache, stages } = runCache;
  stops.keep(stages);
  const setup = { ...planned, builder: cachedPromptBuilder(planned.builder, stages) };
  // The heuristic judge and the verifiers run in a worker thread, unless a test injected its own.
  const cpu: CpuStage | null = deps.judges || deps.verify ? null : lazyCpuStage();
  try {
    const judges = panel.map((j) => cachedJudge(cpu && j.stamp.kind === 'heuristic' ? cpu.judge(j) : j, stages));
    const client = createCompletionsClient({
      baseURLs: opts.baseURLs,
      apiKey: opts.apiKey,
      concurrency: opts.concurrency,
      timeoutMs: opts.timeoutMs,
      maxAttempts: opts.maxAttempts,
      backoffBaseMs: opts.backoffBaseMs,
      backoffMaxMs: opts.backoffMaxMs,
      cache,
      httpTimeouts: opts.httpTimeouts,
      stream: setup.engine.streams,
      engine: setup.engine,
    });
    const complete = opts.failLimit ? withFailLimit((b) => client.complete(b), opts.failLimit) : (b: Parameters<typeof client.complete>[0]) => client.complete(b);
    const models = await endpointModels(opts, client.endpoints);
    const model = models[0]!;
    const total = totalRequests(setup);
    opts.log(`running ${setup.submission.id} on ${opts.baseURLs.length} endpoint(s) serving "${model}": ${total} requests, ${setup.datasets.map((d) => `${d.spec.id} ${d.items.length}`).join(', ')} items`);
    const progress = createProgress({ tty: opts.tty, intervalMs: opts.progressIntervalMs, write: opts.progressWrite ?? ((s) => void process.stderr.write(s)) });
    const perItem = 1 + setup.suite.conditions.reduce((n, c) => n + c.samples, 0);
    const writer = await createSampleSink(opts.outDir, setup.submission.id, setup.datasets.map((d) => d.spec.id));
    let output;
    let light;
    try {
      output = await runProbe(setup, {
        complete,
        judges,
        verify: safeVerifier(opts.log, deps.verify ?? cachedVerify(stages, cpu?.verify)),
        model,
        onProgress: (d, t) => progress.update(d, t),
        sink: writer.sink,
        // Enough items in flight to keep every request slot busy, few enough to bound memory.
        itemWindow: Math.ceil((4 * opts.concurrency) / perItem) + 4,
      });
      light = await writer.lightSamples();
    } catch (e) {
      await writer.abort();
      throw e;
    }
    progress.finish();
    const provenance = runProvenance(setup, opts.root, models);
    const finishedAt = new Date();
    const summary = cachedSummary(stages, {
      suite: setup.suite,
      submission: setup.submission,
      samples: light,
      judges: judges.map((j) => j.stamp),
      provenance,
      run: {
        started_at: startedAt.toISOString(),
        finished_at: finishedAt.toISOString(),
        duration_s: Math.round((finishedAt.getTime() - startedAt.getTime()) / 10) / 100,
        requests_sent: client.stats.sent,
        cache_hits: client.stats.cacheHits,
        request_errors: output.requestErrors,
        endpoints: opts.baseURLs.map(redactUrl),
      },
    });
    const resultDir = await commitStreamedResults(opts.outDir, summary, writer);
    opts.out(finalTable(summary, client.stats));
    opts.out(stageLine(stages.stats));
    opts.out(`wrote ${join(resultDir, 'summary.json')} and ${light.size} samples file(s)`);
    if (output.requestErrors > 0) opts.log(`${output.requestErrors} request(s) failed after retries; they are recorded as errors in the samples (see "error").`);
    return { exitCode: output.requestErrors > 0 ? 1 : 0, summary, resultDir, stats: client.stats };
  } finally {
    runCache.close();
    await cpu?.close();
  }
}
