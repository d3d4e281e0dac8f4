import { join } from 'node:path';
import type { RunInfo } from '../../src/schema/index.ts';
import { openRunCache } from '../cache/run-cache.ts';
import type { ResponseCache } from '../cache/sqlite-cache.ts';
import type { CompletionsClient } from '../client/completions-client.ts';
import { clipRecord, clipWarning } from '../client/budget-clips.ts';
import { withFailLimit } from '../client/fail-limit.ts';
import type { Judge } from '../core/judge.ts';
import { oneLine } from '../core/terminal-text.ts';
import { cachedJudge } from '../judge/cached.ts';
import { cachedSummary } from '../results/cached-summary.ts';
import { createSampleSink } from '../results/sample-sink.ts';
import type { SummaryInput } from '../../src/lib/build-summary.ts';
import { commitStreamedResults } from '../results/write.ts';
import { cachedPromptBuilder } from '../templates/cached-builder.ts';
import type { storedStops } from '../templates/cached-stops.ts';
import { cachedVerify } from '../verifiers/cached.ts';
import type { CpuStage } from './cpu-stage.ts';
import { finalTable, stageLine } from './final-table.ts';
import { lazyCpuStage } from './lazy-cpu-stage.ts';
import { runProbe } from './pipeline.ts';
import { exitOnInterrupt } from './on-interrupt.ts';
import { createProgress } from './progress.ts';
import { totalRequests } from './requests.ts';
import type { RunDeps, RunOptions, RunOutcome } from './run-options.ts';
import { keepResult } from './stored-result.ts';
import { withAnsweredModels } from './provenance.ts';
import type { ProbeSetup } from './types.ts';
import { safeVerifier } from './verify-safe.ts';

/** What run-probe.ts resolved before deciding the whole path is needed. */
export interface FullRunInput {
  opts: RunOptions;
  deps: RunDeps;
  setup: ProbeSetup;
  panel: Judge[];
  client: CompletionsClient;
  models: string[];
  provenance: SummaryInput['provenance'];
  /** The run's facts, once every endpoint's engine version is in (run-probe.ts). */
  runInfo(cacheHits: number, requestErrors: number): Promise<RunInfo>;
  stops: ReturnType<typeof storedStops>;
  cachePath: string | null;
  scope: string;
  /** Where the client reads and stores answers: bound here, once the cache file is open. */
  answers: { cache: ResponseCache | null };
  /** The result stage's key when this run's result may be kept (stored-result.ts), else null. */
  resultKey: string | null;
}

/**
 * The whole path of `userturn run`: every request (answers from the cache when it has them), prompts, scores and
 * verdicts (stored ones reused), samples streamed to disk, the summary, then the results put in place. A run that
 * completed keeps its whole result for the next rerun (stored-result.ts).
 */
export async function fullRun(input: FullRunInput): Promise<RunOutcome> {
  const { opts, deps, client, provenance } = input;
  // A failure stops every endpoint of the run: the engines' (the client) and the LLM judges'.
  const stopRun = (e: unknown): void => {
    const reason = e instanceof Error ? e : new Error(String(e));
    client.stop(reason);
    for (const j of input.panel) j.stop?.(reason);
  };
  // A commit that fails stops the run at once, also one of derived values alone, which no request waits for.
  const runCache = openRunCache(input.cachePath, { scope: input.scope, onCorruptRow: opts.log, onWriteFailure: stopRun });
  input.answers.cache = runCache.responses;
  const { stages } = runCache;
  // The heuristic judge and the verifiers run in a worker thread, unless a test injected its own.
  const cpu: CpuStage | null = deps.judges || deps.verify ? null : lazyCpuStage();
  const progress = createProgress({ tty: opts.tty, intervalMs: opts.progressIntervalMs, write: opts.progressWrite ?? ((s) => void process.stderr.write(s)), detail: () => progressDetail(client) });
  let releaseSignals = (): void => {};
  try {
    input.stops.keep(stages);
    const setup = { ...input.setup, builder: cachedPromptBuilder(input.setup.builder, stages) };
    const judges = input.panel.map((j) => cachedJudge(cpu && j.stamp.kind === 'heuristic' ? cpu.judge(j) : j, stages));
    // Every request the pipeline makes: what a fully cached rerun counts as cache hits.
    let requests = 0;
    const counted = (b: Parameters<typeof client.complete>[0]) => (requests++, client.complete(b));
    const complete = opts.failLimit ? withFailLimit(counted, opts.failLimit) : counted;
    const total = totalRequests(setup);
    const resuming = resumingLine(runCache.responses.stored?.(), total);
    if (resuming) opts.log(resuming);
    progress.start(total);
    const perItem = 1 + setup.suite.conditions.reduce((n, c) => n + c.samples, 0);
    const writer = await createSampleSink(opts.outDir, setup.submission.id, setup.datasets.map((d) => d.spec.id));
    releaseSignals = exitOnInterrupt(() => {
      // Answers read but not yet committed are committed by close(): they are in the cache too.
      const kept = client.stats.completed + runCache.responses.waiting();
      runCache.close();
      writer.removeTempsSync();
      // With --no-cache nothing is kept, so nothing resumes: the command to rerun is the same, from the start.
      if (input.cachePath === null) return 'interrupted: nothing is kept (--no-cache); a rerun starts from the beginning';
      return `interrupted: ${kept} answer(s) of this run are in the cache (${input.cachePath}); rerun the same command to resume`;
    }, opts.log);
    let output;
    let light;
    try {
      output = await runProbe(setup, {
        complete,
        judges,
        verify: safeVerifier(opts.log, deps.verify ?? cachedVerify(stages, cpu?.verify)),
        model: input.models[0]!,
        onProgress: (d, t) => progress.update(d, t),
        sink: writer.sink,
        // Enough items in flight to keep every request slot busy, few enough to bound memory.
        itemWindow: Math.ceil((4 * opts.concurrency) / perItem) + 4,
        // A failed item (the samples' temp file cannot be written, say) ends the run: nothing more is sent.
        stop: stopRun,
      });
      light = await writer.lightSamples();
    } catch (e) {
      await writer.abort();
      throw e;
    }
    progress.finish();
    const summary = cachedSummary(stages, {
      suite: setup.suite,
      submission: setup.submission,
      samples: light,
      judges: judges.map((j) => j.stamp),
      provenance: withAnsweredModels(provenance, client.answeredAs),
      run: await input.runInfo(client.stats.cacheHits, output.requestErrors),
    });
    const resultDir = await commitStreamedResults(opts.outDir, summary, writer);
    // A run with no failure whose answers are all in the cache as it used them is final: kept whole, so the next
    // rerun need not redo it. Answers it stored itself count; one written to its scope by another process meanwhile
    // (the generation moved by more than this run's own) may have replaced one it used, so nothing is kept.
    const results = runCache.results;
    if (input.resultKey !== null && results && output.requestErrors === 0) {
      const generation = results.current();
      if (generation - results.generation === client.stats.completed) keepResult(results, { key: input.resultKey, generation, files: await writer.written(), summary, light, cacheHits: requests, clips: clipRecord(client.clips) });
    }
    opts.out(finalTable(summary, client.stats));
    opts.out(stageLine(stages.stats));
    opts.out(`wrote ${oneLine(join(resultDir, 'summary.json'))} and ${light.size} samples file(s)`);
    const clipped = clipWarning(client.clips, input.models[0]!, client.served);
    if (clipped) opts.log(clipped);
    if (output.requestErrors > 0) opts.log(`${output.requestErrors} request(s) failed after retries; they are recorded as errors in the samples (see "error").`);
    return { exitCode: output.requestErrors > 0 ? 1 : 0, summary, resultDir, stats: client.stats };
  } finally {
    releaseSignals();
    progress.close();
    runCache.close();
    await cpu?.close();
  }
}

/**
 * A rerun says up front that it resumes, from the scan that reads the model's cached answers ahead (it happens at the
 * first lookup anyway). Which of them this run will ask for is known only as it goes: a user turn's request holds
 * the answer before it. So the count is the model's answers (other runs of the same weights, another --limit or
 * shard, count too); the final table gives this run's cache hits.
 */
export function resumingLine(stored: { answers: number; complete: boolean } | undefined, total: number): string | null {
  if (!stored || stored.answers === 0) return null;
  const n = `${stored.complete ? '' : 'at least '}${stored.answers}`;
  return `resuming: ${n} answer(s) of this model already in the cache (this run makes ${total} requests; only those not answered there are sent)`;
}

/**
 * What a progress line adds: requests in flight, retries and failures so far (a struggling host shows), and endpoints
 * held (not ready yet, or down: endpoint-holds.ts).
 */
function progressDetail(client: CompletionsClient): string {
  let inFlight = 0;
  let down = 0;
  for (const e of client.endpoints) {
    inFlight += e.inFlight;
    if (e.held) down++;
  }
  const { retries, failed } = client.stats;
  const held = down > 0 ? `, ${down} of ${client.endpoints.length} endpoint(s) down` : '';
  return ` · ${inFlight} in flight${retries > 0 ? `, ${retries} retries` : ''}${failed > 0 ? `, ${failed} failed` : ''}${held}`;
}
