import { setMaxListeners } from 'node:events';
import { setTimeout as wait } from 'node:timers/promises';
import pLimit from 'p-limit';
import { requestKey } from '../cache/key.ts';
import type { ResponseCache } from '../cache/sqlite-cache.ts';
import { redact } from '../io/secrets.ts';
import { StorageError } from '../io/storage-error.ts';
import type { EngineBehaviour } from '../engines/types.ts';
import { normaliseFinishReason, usableCachedAnswer, validateCompletion } from './answer-check.ts';
import { attemptCompletion } from './attempt.ts';
import { budgetClips, clipStands, isClip, noteClip, type BudgetClips, type ServedWindow } from './budget-clips.ts';
import { attemptBudget, type AttemptBudget } from './attempt-budget.ts';
import { backoffMs, retryAfterMs } from './backoff.ts';
import { classify, type Failure } from './classify.ts';
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './http-transport.ts';
import { cannotServe, createEndpoints, pickEndpoint, recordAttempt, type Endpoint } from './endpoints.ts';
import { createEndpointHolds, type EndpointHolds, type EndpointsDown } from './endpoint-holds.ts';
import { refusedRoute, refusesRoute, type EndpointRefused } from './route-refusal.ts';
import { streamsAnswers } from './stream-mode.ts';
import { RequestFailed, type ClientStats, type CompletionBody, type CompletionResult } from './types.ts';

export interface ClientOptions {
  baseURLs: string[];
  /** From USERTURN_API_KEY only; never written anywhere. */
  apiKey?: string;
  concurrency: number;
  timeoutMs: number;
  /** Total attempts per request (first try + retries). */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  cache: ResponseCache;
  /**
   * Connect, first-byte and idle timeouts inside each attempt; unset ones take DEFAULT_HTTP_TIMEOUTS, except the
   * first-byte timeout of a non-streamed request, which is the attempt timeout (nothing comes before the end).
   */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** Ask for a streamed answer (default true; the environment's USERTURN_STREAM=0 turns it off). */
  stream?: boolean;
  /** The serving engine's route and finish-reason names (default: an OpenAI-compatible /v1/completions). */
  engine?: Pick<EngineBehaviour, 'api' | 'finishAliases'>;
}

export interface CompletionsClient {
  complete(body: CompletionBody): Promise<CompletionResult>;
  stats: ClientStats;
  endpoints: Endpoint[];
  /** Endpoints held while they cannot be reached, once a run watches them (endpoint-holds.ts). */
  holds: EndpointHolds;
  /**
   * Other names an answer may carry for the model a request names, filled from the model look-up (served-aliases.ts:
   * vLLM answers under the first of its served names). Such an answer is kept under the name the request gave.
   */
  answerAliases: Set<string>;
  /** The names the answers this client gave (sent or cached) carried in place of the asked one: `answered_as` when not the asked name. */
  answeredAs: ReadonlySet<string>;
  /**
   * The run has failed (a storage failure, say): from now on every request fails with `reason`, nothing more is sent,
   * and the attempts in flight are given up at once rather than waited for.
   */
  stop(reason: Error): void;
  /** Answers (sent or cached) the engine ended by `length` before their max_tokens: a budget cut at its window (budget-clips.ts). */
  clips: BudgetClips;
  /**
   * The context window the endpoints report (model-lookup.ts; null: none, or not asked), set once they are looked up. A
   * clipped answer is cached with it and reused only under the same one (clipStands).
   */
  served: ServedWindow;
}

/** A validated answer before it is stored, with the endpoint that gave it. */
/** `from` and `window`: the endpoint that answered and the window it reported (a clip is cut at its own). */
type Answer = Omit<CompletionResult, 'cached'> & { audit?: string; from: string; window: number | undefined };

/** The fields of a partial options object that are set (an `undefined` must not override a default). */
const definedOnly = <T extends object>(o: T | undefined): Partial<T> => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Raw /v1/completions with a concurrency cap, load spread over endpoints, per-request timeout,
 * retries with backoff + jitter honouring retry-after, in-flight de-duplication and the response cache.
 */
export function createCompletionsClient(opts: ClientOptions): CompletionsClient {
  const stream = streamsAnswers(opts.stream);
  const timeouts: HttpTimeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...(stream ? {} : { firstByteMs: opts.timeoutMs }), ...definedOnly(opts.httpTimeouts) };
  const endpoints = createEndpoints(opts.baseURLs, opts.apiKey, opts.timeoutMs, 1024, timeouts);
  const holds = createEndpointHolds(endpoints);
  const answerAliases = new Set<string>();
  const answeredAs = new Set<string>();
  const clips = budgetClips();
  const served: ServedWindow = { window: null, lookedUp: false };
  const limit = pLimit(opts.concurrency);
  const inFlight = new Map<string, Promise<CompletionResult>>();
  const stats: ClientStats = { sent: 0, cacheHits: 0, deduplicated: 0, retries: 0, failed: 0, completed: 0, failureReasons: {}, endpoints: endpoints.map((e) => e.tally) };
  let counter = 0;
  /**
   * The first storage failure, the first 404 of a completion (route-refusal.ts), every endpoint down past the outage
   * limit (endpoint-holds.ts), or whatever else stopped the run (stop): from then on every request fails with it and
   * nothing more is sent.
   */
  let fatal: StorageError | EndpointRefused | EndpointsDown | Error | null = null;
  // Aborted by stop(): every attempt in flight follows it, and so do backoff waits and waits for a held endpoint.
  const halt = new AbortController();
  setMaxListeners(0, halt.signal); // one listener per attempt in flight
  const halted = new Promise<void>((r) => halt.signal.addEventListener('abort', () => r(), { once: true }));
  function stop(reason: Error): void {
    fatal ??= reason;
    halt.abort(fatal);
  }

  /** When every endpoint is held: wait until one is back (or the outage limit stops the run), then pick again. */
  async function servingEndpoint(avoid: Endpoint | undefined): Promise<Endpoint> {
    for (;;) {
      try {
        await Promise.race([holds.serving(), halted]);
      } catch (e) {
        throw (fatal ??= e as EndpointsDown);
      }
      if (fatal) throw fatal;
      const ep = pickEndpoint(endpoints, counter++, avoid);
      if (!ep.held) return ep;
    }
  }

  /** One request with its retries; the validated answer, not yet stored. */
  async function send(body: CompletionBody): Promise<Answer> {
    // Made at the first failure: most requests have none, and what a request allocates lives for the engine's whole
    // latency, past the young generation (issue 16).
    let budget: AttemptBudget | null = null;
    let last: Failure | null = null;
    let avoid: Endpoint | undefined;
    // After an attempt given back to a held endpoint the request goes to another one, or waits for one: no backoff.
    let backOff = false;
    for (;;) {
      if (fatal) throw fatal;
      if (last) {
        stats.retries++;
        if (backOff) await wait(backoffMs(budget!.tries, retryAfterMs(last.headers), { baseMs: opts.backoffBaseMs, maxMs: opts.backoffMaxMs }), undefined, { signal: halt.signal }).catch(() => {});
        // The run may have failed while this request waited to try again.
        if (fatal) throw fatal;
      }
      let ep = pickEndpoint(endpoints, counter++, avoid);
      // pickEndpoint gives a held endpoint only when every one is held.
      if (ep.held) ep = await servingEndpoint(avoid);
      ep.inFlight++;
      ep.tally.attempts++;
      stats.sent++;
      const t0 = performance.now();
      try {
        const resp = await attemptCompletion(ep, body, opts.timeoutMs, stream, opts.engine?.api, opts.apiKey, halt.signal);
        recordAttempt(ep, true);
        const ok = validateCompletion(normaliseFinishReason(resp, opts.engine?.finishAliases ?? {}), body.model, answerAliases);
        const latency_ms = Math.round(performance.now() - t0);
        const tokens = ok.completion_tokens === undefined ? {} : { completion_tokens: ok.completion_tokens };
        const answer = { text: redact(ok.text), finish_reason: ok.finish_reason, model: redact(ok.model), latency_ms, audit: ok.audit, from: ep.tally.url, window: ep.window, ...tokens };
        return ok.answered_as === undefined ? answer : { ...answer, answered_as: redact(ok.answered_as) };
      } catch (err) {
        // Given up because the run failed: not the endpoint's failure, and not retried.
        if (fatal) throw fatal;
        last = classify(err);
        ep.tally.failed[last.kind] = (ep.tally.failed[last.kind] ?? 0) + 1;
        // An endpoint that answered (most HTTP statuses, a refused answer) is up; one that did not may be down.
        if (cannotServe(last.kind)) recordAttempt(ep, false);
        if (refusesRoute(last.kind)) throw (fatal ??= refusedRoute(ep.baseURL, opts.engine?.api, body.model, last.reason));
        avoid = ep;
        budget ??= attemptBudget(opts.maxAttempts);
        if (last.unreached && last.retry && holds.watching()) {
          backOff = !budget.unreached(ep, holds.held(ep, last.reason));
        } else {
          budget.spend();
          backOff = true;
        }
        if (!last.retry || budget.exhausted()) break;
      } finally {
        ep.inFlight--;
      }
    }
    stats.failed++;
    const kind = last?.kind ?? 'other';
    stats.failureReasons[kind] = (stats.failureReasons[kind] ?? 0) + 1;
    const attempts = budget?.spent ?? 0;
    throw new RequestFailed(`${last?.reason ?? 'unknown error'} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`, attempts);
  }

  /**
   * Put the answer in the cache (synchronously, before anything else awaits) and wait for its group commit: only
   * then is it done. The request slot is already free, so the commit window costs no throughput.
   */
  async function store(key: string, a: Answer, maxTokens: number): Promise<CompletionResult> {
    const { audit, from, window, ...answer } = a;
    // SQLite keeps text as UTF-8, where a lone surrogate becomes U+FFFD: the answer is used as the cache will give it
    // back, so its row matches its checksum on a rerun and a rerun sees the text this run saw.
    const value = { ...answer, text: answer.text.toWellFormed() };
    const clipWindow = isClip(value, maxTokens) && window !== undefined ? { clip_window: window } : {};
    try {
      await opts.cache.put(key, { ...value, audit, ...clipWindow });
    } catch (e) {
      // Not a server failure: re-sending cannot help, and every answer from now on would be lost too.
      stop(e instanceof StorageError ? e : new StorageError('request cache', 'cannot store an answer', e, ''));
      throw fatal;
    }
    stats.completed++;
    noteAnsweredAs(value);
    noteClip(clips, value, maxTokens, from);
    return { ...value, cached: false };
  }

  function noteAnsweredAs(a: { model: string; answered_as?: string }): void {
    if (a.answered_as !== undefined && a.answered_as !== a.model) answeredAs.add(a.answered_as);
  }

  /**
   * A cached answer counts only when it would be accepted today (usableCachedAnswer). While the endpoint serves the
   * model under other names, a row without answered_as (written before the column, or when one name was served) is
   * asked again: the name it came under decides whether the run was the simulator's (`userturn sim --alias`).
   */
  function cachedAnswer(key: string, body: CompletionBody) {
    const hit = opts.cache.get(key);
    if (!hit || !usableCachedAnswer(hit, body.model)) return null;
    if (hit.answered_as === undefined && answerAliases.size > 0) return null;
    // Clipped under another window (or one not recorded): asked again, so a wider window gives the whole answer.
    if (isClip(hit, body.max_tokens) && !clipStands(hit, served.window)) return null;
    noteAnsweredAs(hit);
    noteClip(clips, hit, body.max_tokens, 'the cache');
    return hit;
  }

  return {
    stats,
    endpoints,
    holds,
    answerAliases,
    answeredAs,
    stop,
    clips,
    served,
    complete(body) {
      if (fatal) return Promise.reject(fatal);
      const key = requestKey(body);
      const hit = cachedAnswer(key, body);
      if (hit) {
        stats.cacheHits++;
        return Promise.resolve({ ...hit, cached: true });
      }
      const pending = inFlight.get(key);
      if (pending) {
        stats.deduplicated++;
        return pending;
      }
      const p = limit((): Promise<CompletionResult | Answer> => {
        if (fatal) return Promise.reject(fatal);
        // A twin may have finished while this one waited for a slot.
        const late = cachedAnswer(key, body);
        return late ? Promise.resolve({ ...late, cached: true }) : send(body);
      })
        .then((r) => ('cached' in r ? r : store(key, r, body.max_tokens)))
        .finally(() => inFlight.delete(key));
      inFlight.set(key, p);
      return p;
    },
  };
}
