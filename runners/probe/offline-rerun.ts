import { requestKey } from '../cache/key.ts';
import { openRunCache } from '../cache/run-cache.ts';
import { cachedModelNames } from '../cache/sqlite-cache.ts';
import { usableCachedAnswer } from '../client/answer-check.ts';
import { pickServedModel } from '../client/model-lookup.ts';
import { RequestFailed, type CompletionBody, type CompletionResult } from '../client/types.ts';
import { oneLine } from '../core/terminal-text.ts';
import { cachedPromptBuilder } from '../templates/cached-builder.ts';
import { runProbe } from './pipeline.ts';
import { totalRequests } from './requests.ts';
import type { ProbeSetup } from './types.ts';

/** What a rerun without a ready endpoint found in its cache: the model its answers name, or why it cannot go on. */
export type OfflineRerun = { model: string } | { problem: string };

/**
 * Whether a run can go on with no endpoint ready: every request of its plan is in the cache, so none would be sent.
 * The served name is the one the scope's cached answers carry (--model when given; else the only one, or the only
 * one serve-cmd would give the submission), the name /v1/models gave the run that stored them: a cached answer is
 * used only under the name it was given by (usableCachedAnswer), so the requests, their keys and the provenance
 * are the same as with the endpoint up. The plan is walked by the pipeline itself, with answers from the cache only,
 * no verifier, no judge and no sample kept: a user turn's request depends on its assistant turn's cached answer.
 */
export async function offlineRerun(o: { cachePath: string; scope: string; setup: ProbeSetup; wanted?: string; expected: readonly string[] }): Promise<OfflineRerun> {
  const names = o.wanted !== undefined ? [o.wanted] : cachedModelNames(o.cachePath, o.scope);
  if (names.length === 0) return { problem: 'the cache holds no answer of this submission' };
  const picked = pickServedModel(names, o.expected);
  if ('problem' in picked) return { problem: `its answers were given under several names: ${picked.problem.replace(/^lists/, 'the cache lists')}` };
  // Missing: a request not in the cache, and each user turn whose assistant turn is not (its request is unknown).
  let missing = 0;
  const cache = openRunCache(o.cachePath, { scope: o.scope });
  try {
    const setup = { ...o.setup, builder: cachedPromptBuilder(o.setup.builder, cache.stages) };
    const complete = (body: CompletionBody): Promise<CompletionResult> => {
      const hit = cache.responses.get(requestKey(body));
      if (!hit || !usableCachedAnswer(hit, body.model)) return (missing++, Promise.reject(new RequestFailed('not in the cache', 0)));
      return Promise.resolve({ ...hit, cached: true });
    };
    await runProbe(setup, { complete, judges: [], verify: () => null, model: picked.model, sink: { add: (_d, _i, samples) => void (missing += samples.filter((x) => x.error?.stage === 'assistant').length) }, itemWindow: 64 });
  } finally {
    cache.close();
  }
  if (missing > 0) return { problem: `${missing} of its ${totalRequests(o.setup)} requests (as "${oneLine(picked.model)}") are not in the cache` };
  return { model: picked.model };
}
