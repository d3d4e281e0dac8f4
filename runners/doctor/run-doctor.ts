import { memoryCache } from '../cache/sqlite-cache.ts';
import { createCompletionsClient } from '../client/completions-client.ts';
import { EndpointRefused } from '../client/route-refusal.ts';
import { prepareRun } from '../probe/prepare-run.ts';
import type { SetupOptions } from '../probe/run-options.ts';
import { SetupError } from '../probe/setup.ts';
import { contextCheck } from './check-context.ts';
import { engineCheck } from './check-engine.ts';
import { generationCheck } from './check-generation.ts';
import { modelCheck } from './check-model.ts';
import { specialTokensCheck } from './check-special-tokens.ts';
import { stopCheck } from './check-stop.ts';
import { templateCheck } from './check-template.ts';
import { engineApi } from './engine-api.ts';
import { createHttp, EngineRouteError } from './http.ts';
import type { Check, CheckResult, DoctorContext } from './types.ts';

/** In the order they run: what later checks need (the model name) comes first. */
export const CHECKS: readonly Check[] = [modelCheck, engineCheck, specialTokensCheck, templateCheck, generationCheck, stopCheck, contextCheck];

export interface DoctorOptions extends SetupOptions {
  model?: string;
  timeoutMs: number;
}

/**
 * Resolve the run's setup as `userturn run` would (submission policy, template, suite, datasets), then run every
 * check against the first endpoint. Bad input throws (exit 1 with its one line); a check that cannot talk to the
 * engine fails with the reason instead.
 */
export async function runDoctor(rawOpts: DoctorOptions): Promise<CheckResult[]> {
  const { opts, setup } = await prepareRun(rawOpts);
  const probeItem = setup.datasets.find((d) => d.items.length > 0)?.items[0];
  if (!probeItem) throw new SetupError(`${opts.suitePath}: the suite selects no item to build a probe prompt from`);
  const baseURL = opts.baseURLs[0]!;
  const client = createCompletionsClient({
    baseURLs: [baseURL], apiKey: opts.apiKey, concurrency: 1, timeoutMs: opts.timeoutMs, maxAttempts: 2,
    backoffBaseMs: 200, backoffMaxMs: 1_000, cache: memoryCache(), stream: setup.streamed,
    // The engine's own route and finish-reason names, as a run sends them (Ollama: /api/generate).
    engine: setup.engine,
  });
  const ctx: DoctorContext = { setup, http: createHttp(baseURL, opts.apiKey, opts.timeoutMs), api: engineApi(setup.engine.id), client, probeItem, model: null, wantedModel: opts.model };
  const results: CheckResult[] = [];
  for (const check of CHECKS) {
    const head = { id: check.id, title: check.title };
    if (check.needsModel && ctx.model === null) {
      results.push({ ...head, status: 'skip', detail: 'needs the served model name (see the model check)' });
      continue;
    }
    // "vllm has no tokenize route" said of an SGLang server blamed the wrong engine (a newcomer's review).
    if (check.needsEngine && results.some((r) => r.id === engineCheck.id && r.status === 'fail')) {
      results.push({ ...head, status: 'skip', detail: `asks ${setup.engine.id}'s own routes, and the server is another engine (see the engine check)` });
      continue;
    }
    try {
      results.push({ ...head, ...(await check.run(ctx)) });
    } catch (e) {
      // An engine route that answers but fails (a 500, a timeout, an unexpected shape), or a completion refused
      // (404: no such route or model, which stops a run), fails its check.
      if (!(e instanceof EngineRouteError || e instanceof EndpointRefused)) throw e;
      results.push({ ...head, status: 'fail', detail: (e as Error).message.slice(0, 500) });
    }
  }
  return results;
}
