import { join, resolve } from 'node:path';
import { openRunCache } from '../cache/run-cache.ts';
import type { ResponseCache } from '../cache/sqlite-cache.ts';
import { createCompletionsClient, type CompletionsClient } from '../client/completions-client.ts';
import { DEFAULT_OUTAGE_LIMIT_MS } from '../client/endpoint-holds.ts';
import { HELD_RECHECK, servingEndpoints, watchHeldEndpoints } from '../client/held-endpoints.ts';
import { cachedClips, clipWarning } from '../client/budget-clips.ts';
import { askEngineVersions } from '../client/engine-version.ts';
import { distinctVersions } from '../../src/lib/engine-versions.ts';
import { NoEndpointReady, servedModels } from '../client/model-lookup.ts';
import { servingWindow } from '../client/served-window.ts';
import type { Endpoint } from '../client/endpoints.ts';
import { oneLine } from '../core/terminal-text.ts';
import { servedNames } from '../engines/serve-command.ts';
import { createJudgePanel } from '../judge/index.ts';
import type { Judge } from '../core/judge.ts';
import { finalTable } from './final-table.ts';
import { answerScope } from './answer-scope.ts';
import { offlineRerun } from './offline-rerun.ts';
import { tuneHeapForLongRuns } from './heap.ts';
import { totalRequests } from './requests.ts';
import { prepareRun } from './prepare-run.ts';
import { runnerGit, runProvenance } from './provenance.ts';
import type { RunDeps, RunOptions, RunOutcome } from './run-options.ts';
import { SetupError } from './setup.ts';
import { writeProblem } from '../io/storage-error.ts';
import { holdingResultFolder } from '../results/folder-lock.ts';
import { storedStops } from '../templates/cached-stops.ts';
import { resultKey } from './result-key.ts';
import { resultStageApplies, reuseStoredResult } from './stored-result.ts';
import type { EngineVersion, RunInfo } from '../../src/schema/index.ts';
import type { ProbeSetup } from './types.ts';

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

/**
 * The model name every endpoint serves (--model, else /v1/models, preferring the names serve-cmd gives the submission's
 * model; model-lookup.ts): endpoints serving different models are refused, and one not ready yet is named and held
 * until a later look-up finds it ready (held-endpoints.ts), as is one that goes down mid-run (endpoint-holds.ts).
 * `stop` ends those look-ups. With none ready, a rerun whose
 * every request is cached takes the name its cached answers carry and sends nothing (offline-rerun.ts): no endpoint
 * serves it (`offline`). `versions` gives the engine versions the endpoints reported (engine-version.ts): each asked
 * beside the run when it is taken in (at the start, later, or back from an outage), never waited for before it serves.
 */
async function endpointModels(opts: RunOptions, setup: ProbeSetup, client: CompletionsClient, cache: { path: string | null; scope: string }): Promise<{ model: string; held: number; offline: boolean; stop(): void; versions(): Promise<EngineVersion[]> }> {
  const { endpoints } = client;
  const lookup = { timeoutMs: opts.timeoutMs, expected: servedNames(setup.submission), readyRoute: setup.engine.readyRoute, wanted: opts.model };
  let looked;
  try {
    looked = await servedModels(endpoints, lookup);
  } catch (e) {
    // No endpoint ready (the GPU host released): a rerun whose every request is cached goes on without one.
    if (!(e instanceof NoEndpointReady) || cache.path === null) throw e;
    const offline = await offlineRerun({ cachePath: cache.path, scope: cache.scope, setup, wanted: opts.model, expected: lookup.expected });
    if ('problem' in offline) throw new NoEndpointReady(`${e.message}; the cache cannot stand in: ${offline.problem}`);
    opts.log(`no endpoint is ready (${e.reasons}); every request of this run is in the cache: no request will be sent`);
    return { model: offline.model, held: 0, offline: true, stop: () => {}, versions: async () => [] };
  }
  const { model, held, aliases = [] } = looked;
  for (const a of aliases) client.answerAliases.add(a);
  client.served.window = looked.window;
  client.served.lookedUp = true;
  if (aliases.length > 0) opts.log(`"${oneLine(model)}" is also served as ${aliases.map((a) => `"${oneLine(a)}"`).join(', ')} (the same weights): answers named so are kept as its own`);
  for (const h of held) opts.log(`warning: not ready, held until it is (looked up again every few seconds): ${h.reason}`);
  const waiting = new Set(held.map((h) => h.endpoint));
  const asked = [askEngineVersions(endpoints.filter((e) => !waiting.has(e)), setup.engine.id, opts.log)];
  // One taken in (late, or back from an outage) may report another window and another version: a restart with
  // another --ctx-size, or an upgraded engine.
  const ready = (e: Endpoint) => {
    client.holds.release(e);
    client.served.window = servingWindow(endpoints);
    asked.push(askEngineVersions([e], setup.engine.id, opts.log));
  };
  const watch = watchHeldEndpoints(held, model, lookup, opts.log, opts.recheck ?? HELD_RECHECK, { ready, leftOut: (e) => client.holds.leftOut(e) });
  // From here on an endpoint that goes down mid-run is held and looked up the same way (endpoint-holds.ts).
  client.holds.watch({ recheck: watch.recheck, outageLimitMs: opts.outageLimitMs ?? DEFAULT_OUTAGE_LIMIT_MS, log: opts.log });
  return {
    model,
    held: held.length,
    offline: false,
    stop: () => {
      watch.stop();
      client.holds.stop();
    },
    versions: async () => distinctVersions((await Promise.all(asked)).flat()),
  };
}

/** `userturn run`: every request of the plan (cached, so a rerun resumes), then the result written in place. */
export async function runProbeCommand(rawOpts: RunOptions, deps: RunDeps = {}): Promise<RunOutcome> {
  // Started first: `git status` runs while the run is set up (provenance). The runner's own clone, not rawOpts.root.
  const git = runnerGit();
  const cachePath = rawOpts.cachePath === null ? null : resolve(rawOpts.cachePath);
  const stops = storedStops(cachePath);
  const { opts, setup } = await prepareRun({ ...rawOpts, stopsFrom: stops.stopsFrom });
  // Before any request (the /v1/models look-up included): a second run into the same folder stops here.
  const folder = join(opts.outDir, setup.submission.id);
  return holdingResultFolder(folder, { command: 'run', hint: 'wait for it or pass --out elsewhere', log: opts.log, make: true }, () => lockedRun(opts, setup, cachePath, stops, git, deps));
}

async function lockedRun(opts: RunOptions, setup: ProbeSetup, cachePath: string | null, stops: ReturnType<typeof storedStops>, git: ReturnType<typeof runnerGit>, deps: RunDeps): Promise<RunOutcome> {
  tuneHeapForLongRuns();
  const startedAt = new Date();
  const panel = await judgePanel(opts, deps);
  // Answers are cached per model weights (and on TGI per stream mode: answer-scope.ts). Prompts, scores and
  // verdicts are cached by content in the same file, so a rerun computes nothing it has computed before.
  const scope = answerScope(setup);
  // A cache that cannot be written stops the run before any request, the /v1/models look-up included: opening it
  // throws the StorageError that names it. Otherwise the file is opened by the whole path only.
  if (cachePath !== null && writeProblem(cachePath)) openRunCache(cachePath, { scope }).close();
  // The client reads answers only once requests are made: by then the whole path has opened the cache file.
  const answers: { cache: ResponseCache | null } = { cache: null };
  const client = createCompletionsClient({
    baseURLs: opts.baseURLs,
    apiKey: opts.apiKey,
    concurrency: opts.concurrency,
    timeoutMs: opts.timeoutMs,
    maxAttempts: opts.maxAttempts,
    backoffBaseMs: opts.backoffBaseMs,
    backoffMaxMs: opts.backoffMaxMs,
    cache: { get: (k) => answers.cache!.get(k), put: (k, v) => answers.cache!.put(k, v), waiting: () => answers.cache?.waiting() ?? 0, keys: () => answers.cache!.keys(), close: () => answers.cache?.close() },
    httpTimeouts: opts.httpTimeouts,
    stream: setup.streamed,
    engine: setup.engine,
  });
  const served = await endpointModels(opts, setup, client, { path: cachePath, scope });
  // The held endpoints' look-ups end with the run, however it ends.
  try {
    const models = [served.model];
    const waiting = served.held > 0 ? ` (${served.held} not ready yet)` : '';
    const where = served.offline ? 'from the cache (no endpoint) as' : `on ${opts.baseURLs.length} endpoint(s)${waiting} serving`;
    opts.log(`running ${setup.submission.id} ${where} "${oneLine(models[0]!)}": ${totalRequests(setup)} requests, ${setup.datasets.map((d) => `${d.spec.id} ${d.items.length}`).join(', ')} items`);
    const provenance = runProvenance(setup, models, await git);
    const runInfo = async (cacheHits: number, requestErrors: number): Promise<RunInfo> => {
      const versions = await served.versions();
      const finishedAt = new Date();
      return {
        started_at: startedAt.toISOString(),
        finished_at: finishedAt.toISOString(),
        duration_s: Math.round((finishedAt.getTime() - startedAt.getTime()) / 10) / 100,
        requests_sent: client.stats.sent,
        cache_hits: cacheHits,
        request_errors: requestErrors,
        endpoints: served.offline ? [] : servingEndpoints(client.endpoints),
        engine_versions: versions,
      };
    };
    // A rerun whose whole result is stored and unchanged on disk writes only summary.json (stored-result.ts).
    const resultKeyed = cachePath !== null && resultStageApplies(panel, deps) ? resultKey({ scope, setup, options: opts, judges: panel, provenance, window: client.served.window }) : null;
    if (cachePath !== null && resultKeyed !== null) {
      const reused = await reuseStoredResult({ cachePath, scope, key: resultKeyed, outDir: opts.outDir, submissionId: setup.submission.id, run: (hits) => runInfo(hits, 0) });
      if (reused) {
        const stats = { ...client.stats, cacheHits: reused.cacheHits };
        opts.out(finalTable(reused.summary, stats));
        opts.out('derived: the whole result reused (its samples files unchanged): nothing sent, rendered, scored, judged or summarised');
        opts.out(`wrote ${oneLine(join(reused.resultDir, 'summary.json'))}; ${reused.summary.datasets.length} samples file(s) kept`);
        if (reused.clips) opts.log(clipWarning(cachedClips(reused.clips), models[0]!, client.served)!);
        return { exitCode: 0, summary: reused.summary, resultDir: reused.resultDir, stats };
      }
    }
    // The whole path's modules (pipeline, judges, sample sink, summary) are loaded only when it is taken.
    const { fullRun } = await import('./full-run.ts');
    return await fullRun({ opts, deps, setup, panel, client, models, provenance, runInfo, stops, cachePath, scope, answers, resultKey: resultKeyed });
  } finally {
    served.stop();
  }
}
