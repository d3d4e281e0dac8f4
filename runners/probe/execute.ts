import { join, resolve } from 'node:path';
import type { DatasetId, JudgeStamp, ResultSummary } from '../../src/schema/index.ts';
import { memoryCache, openSqliteCache, type ResponseCache } from '../cache/sqlite-cache.ts';
import { createCompletionsClient } from '../client/completions-client.ts';
import { EndpointError, redactUrl, servedModels } from '../client/endpoints.ts';
import type { ClientStats } from '../client/types.ts';
import { createJudgePanel } from '../judge/index.ts';
import type { Judge } from '../judge/types.ts';
import { buildSummary } from '../results/summarize.ts';
import { createSampleSink } from '../results/sample-sink.ts';
import { mergeShards } from '../results/merge.ts';
import { prepareSummary, writeResults } from '../results/write.ts';
import { redact, registerEnvSecrets, registerSecret, registerUrlSecrets } from '../io/secrets.ts';
import { submissionPolicyErrors } from '../validate/submission-policy.ts';
import { loadSubmission } from '../community/load-submission.ts';
import { finalTable } from './final-table.ts';
import { withFailLimit, type FailLimit } from '../client/fail-limit.ts';
import type { HttpTimeouts } from '../client/http-fetch.ts';
import { runProbe, totalRequests } from './pipeline.ts';
import { planReport } from './plan-report.ts';
import { createProgress } from './progress.ts';
import { tuneHeapForLongRuns } from './heap.ts';
import { packageVersions, runnerGit } from './provenance.ts';
import { prepareSetup, SetupError } from './setup.ts';
import { safeVerifier, type VerifyFn } from './verify-safe.ts';

export interface RunOptions {
  root: string;
  submissionPath: string;
  suitePath: string;
  baseURLs: string[];
  apiKey?: string;
  /** Served model name; default: what each endpoint lists first on /v1/models. */
  model?: string;
  concurrency: number;
  timeoutMs: number;
  /** Connect, first-byte and idle timeouts inside each attempt (unset: the client's defaults). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Stop the run when failed requests exceed this (--fail-on-error). */
  failLimit?: FailLimit | null;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  dataDir?: string;
  cacheDir: string;
  /** SQLite cache file; null for --no-cache. */
  cachePath: string | null;
  outDir: string;
  templateOverride?: string;
  limit: number | null;
  datasets: DatasetId[] | null;
  shard: { index: number; count: number } | null;
  judgeConfigs: string[];
  /** Result folders of `--shard i/n` runs to merge into one result (no request is sent). */
  merge?: string[];
  dryRun: boolean;
  tty: boolean;
  progressIntervalMs: number;
  log(message: string): void;
  out(message: string): void;
  /** Raw progress output (a redrawn bar on a TTY); default stderr. */
  progressWrite?(text: string): void;
}

/** Injected collaborators; defaults are the real ones (tests may pass a tiny judge while the panel is a stub). */
export interface RunDeps {
  judges?: Judge[];
  verify?: VerifyFn;
}

export interface RunOutcome {
  exitCode: 0 | 1;
  summary: ResultSummary | null;
  resultDir: string | null;
  stats: ClientStats | null;
}

export { redactUrl };

export async function executeRun(rawOpts: RunOptions, deps: RunDeps = {}): Promise<RunOutcome> {
  // Every secret the run knows is redacted from everything it writes, logs included.
  registerEnvSecrets();
  registerSecret(rawOpts.apiKey);
  for (const u of rawOpts.baseURLs) registerUrlSecrets(u);
  const opts: RunOptions = { ...rawOpts, log: (m) => rawOpts.log(redact(m)), out: (m) => rawOpts.out(redact(m)) };
  // The same policy validate applies, before the template is loaded or rendered: a submission that validate
  // would refuse is never run.
  const loaded = await loadSubmission(opts.submissionPath);
  if (loaded.ok) {
    const problems = submissionPolicyErrors(loaded.value, opts.submissionPath, opts.root);
    if (problems.length > 0) throw new SetupError(problems.map((p) => `${p.file}: ${p.field}: ${p.message}`).join('\n'));
  }
  const setup = await prepareSetup({
    root: opts.root,
    submissionPath: opts.submissionPath,
    suitePath: opts.suitePath,
    dataDir: opts.dataDir,
    cacheDir: opts.cacheDir,
    templateOverride: opts.templateOverride,
    limit: opts.limit,
    datasets: opts.datasets,
    shard: opts.shard,
    warn: opts.log,
  });
  if (opts.dryRun) {
    opts.out(planReport(setup));
    return { exitCode: 0, summary: null, resultDir: null, stats: null };
  }
  if (opts.merge && opts.merge.length > 0) {
    const merged = await mergeShards(setup, opts.merge);
    const resultDir = await writeResults(opts.outDir, merged.summary, merged.samples);
    const noStats: ClientStats = { sent: 0, cacheHits: 0, deduplicated: 0, retries: 0, failed: 0, completed: 0, failureReasons: {} };
    opts.out(finalTable(merged.summary, noStats));
    opts.out(`merged ${opts.merge.length} shard result(s) into ${join(resultDir, 'summary.json')}`);
    return { exitCode: merged.summary.run.request_errors > 0 ? 1 : 0, summary: merged.summary, resultDir, stats: null };
  }
  tuneHeapForLongRuns();
  const startedAt = new Date();
  let judges: Judge[];
  try {
    judges = deps.judges ?? (await createJudgePanel({ judgeConfigs: opts.judgeConfigs, includeHeuristic: true, cachePath: opts.cachePath === null ? null : resolve(opts.cachePath) }));
  } catch (e) {
    throw new SetupError(`judge panel: ${(e as Error).message}`);
  }
  if (judges.length === 0) throw new SetupError('the judge panel is empty');
  // Answers are cached per model weights: a re-pinned submission queries the model again.
  const cache: ResponseCache = opts.cachePath === null ? memoryCache() : openSqliteCache(resolve(opts.cachePath), { scope: `${setup.submission.hf.repo}@${setup.submission.hf.revision}`, onCorruptRow: opts.log });
  try {
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
    });
    const complete = opts.failLimit ? withFailLimit((b) => client.complete(b), opts.failLimit) : (b: Parameters<typeof client.complete>[0]) => client.complete(b);
    const models = opts.model ? opts.baseURLs.map(() => opts.model!) : await servedModels(client.endpoints, opts.timeoutMs);
    const distinct = [...new Set(models)].sort();
    if (distinct.length > 1) throw new EndpointError(`the endpoints serve different models (${distinct.join(', ')}); pass --model to choose one name`);
    const model = distinct[0]!;
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
        verify: safeVerifier(opts.log, deps.verify),
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
    const git = runnerGit(opts.root);
    const finishedAt = new Date();
    const stamps: JudgeStamp[] = judges.map((j) => j.stamp);
    const summary = buildSummary({
      suite: setup.suite,
      submission: setup.submission,
      samples: light,
      judges: stamps,
      provenance: {
        suite_id: setup.suite.id,
        suite_version: setup.suite.version,
        taxonomy_version: setup.suite.taxonomy_version,
        submission_sha256: setup.submissionSha256,
        template_sha256: setup.template.sha256,
        template_source: setup.template.template.source,
        stop_sequences: setup.builder.userTurnStops,
        decoding: {
          assistant: { temperature: setup.suite.assistant_turn.temperature, top_p: setup.suite.assistant_turn.top_p, max_tokens: setup.assistantMaxTokens },
          user_turn_max_tokens: setup.suite.user_turn.max_tokens,
          conditions: setup.suite.conditions.map((c) => ({ id: c.id, temperature: c.temperature, top_p: c.top_p, samples: c.samples })),
        },
        endpoint_models: distinct,
        simulated: distinct.every((m) => m.startsWith('userturn-sim/')),
        runner_commit: git.commit,
        runner_dirty: git.dirty,
        package_versions: packageVersions(opts.root),
        datasets: setup.datasets.map((d) => ({ id: d.spec.id, files: d.files })),
        shards: setup.shard ? { count: setup.shard.count, merged: [setup.shard.index] } : null,
        assistant_budget: setup.assistantBudget,
        engine_settings: { engine: setup.engine.id, extra_body: { ...setup.extraBody }, runner_cuts_stops: setup.cutAtStops },
      },
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
    // Everything is validated before anything is put in place: samples line by line as they were streamed to
    // temp files, the summary here; then the sample files are renamed and the summary written last.
    let prepared;
    try {
      prepared = await prepareSummary(opts.outDir, summary);
    } catch (e) {
      await writer.abort();
      throw e;
    }
    try {
      await writer.commit();
    } catch (e) {
      await prepared.abort();
      throw e;
    }
    await prepared.commit();
    const resultDir = prepared.dir;
    opts.out(finalTable(summary, client.stats));
    opts.out(`wrote ${join(resultDir, 'summary.json')} and ${light.size} samples file(s)`);
    if (output.requestErrors > 0) opts.log(`${output.requestErrors} request(s) failed after retries; they are recorded as errors in the samples (see "error").`);
    return { exitCode: output.requestErrors > 0 ? 1 : 0, summary, resultDir, stats: client.stats };
  } finally {
    cache.close();
  }
}
