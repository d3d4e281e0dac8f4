import { createHttpFetch } from './http-fetch.ts';
import { createHttpTransport, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, type HttpTransport } from './http-transport.ts';
import { ServerError } from '../core/errors.ts';
import { redact } from '../io/secrets.ts';
import { redactUrl, redactUrlsIn } from '../../src/schema/url-redact.ts';
import { apiUrl, requestAnswer } from './direct-completion.ts';
import { serverRoot } from './engine-version.ts';
import type { EndpointTally } from './types.ts';

/** An endpoint that cannot be used (unreachable, lists no model, endpoints disagree): exit 1, not a bug. */
export class EndpointError extends ServerError {}

export interface Endpoint {
  baseURL: string;
  /** GET <base>/models: its JSON body, or the openai SDK's error for what went wrong (as the SDK's client gave it). */
  listModels(timeoutMs: number, signal?: AbortSignal): Promise<unknown>;
  /** GET <base>/<route> the same way (an engine's readiness route). */
  getRoute(route: string, timeoutMs: number, signal?: AbortSignal): Promise<unknown>;
  /** GET <server root><path> the same way, at most `maxBodyBytes` read (an engine's version route: engine-version.ts). */
  getRoot(path: string, timeoutMs: number, maxBodyBytes: number): Promise<unknown>;
  /** The keep-alive transport completions are posted on (direct-completion.ts). */
  http: HttpTransport;
  /** The fetch for Ollama's /api/generate: the runner's transport's, or the global one (USERTURN_FETCH=global). */
  fetch: typeof fetch;
  inFlight: number;
  /** Attempts in a row that got no answer from it (cannotServe: no connection, a timeout, 502/503/504); an answer resets it. */
  failuresInARow: number;
  /** Until when (performance.now()) it gets no first attempt while another endpoint is awake (ENDPOINT_REST). */
  restUntil: number;
  /** Its attempts and failures, for the run's closing lines. */
  tally: EndpointTally;
  /**
   * Left out of the run: it was not ready at the /v1/models look-up (model-lookup.ts), and gets no request until a
   * later look-up finds it serving the run's model (held-endpoints.ts).
   */
  held: boolean;
  /**
   * The context window it reported at its last look-up (served-window.ts), undefined when it reports none: what a
   * clipped answer from it was cut at. It can change when the engine restarts with another --ctx-size.
   */
  window: number | undefined;
  /** When (performance.now()) it was held, for the lines that say how long it was down; 0 while it is not. */
  heldSince: number;
  /** How many times it was held mid-run, and how many attempts it answered: what tells a request's unreached attempt on it an outage's or not (attempt-budget.ts). */
  outages: number;
  answered: number;
}

/**
 * An endpoint that fails this many attempts in a row without an answer (cannotServe) rests: no request picks it while
 * another is awake, for 1 s after the third failure, doubling with each further one up to 30 s; an answer wakes it. A
 * review's run with one dead endpoint of two sent it about half of all first attempts for the whole run (116 retries
 * for 124 requests), each a connection error and a backoff.
 */
export const ENDPOINT_REST = { after: 3, firstMs: 1000, maxMs: 30_000 } as const;

/**
 * Whether a failed attempt (its kind, classify.ts) says the endpoint cannot serve at all right now, and counts towards
 * its rest: no connection, a timeout, or a 502, 503 or 504, what a proxy or load balancer answers for a backend that is
 * down and llama.cpp answers while it loads its model. A 500 (one request it could not serve) or a 429 (a rate limit,
 * whose retry-after the backoff honours) comes from an endpoint that is up.
 */
export const cannotServe = (kind: string): boolean => kind === 'connection' || kind === 'timeout' || kind === 'http_502' || kind === 'http_503' || kind === 'http_504';

/** Record how an attempt on `e` ended: an answer (`true`) wakes it, a failure to answer counts towards its rest. */
export function recordAttempt(e: Endpoint, answered: boolean, now = performance.now()): void {
  if (answered) {
    e.answered++;
    e.failuresInARow = 0;
    e.restUntil = 0;
    return;
  }
  e.failuresInARow++;
  if (e.failuresInARow >= ENDPOINT_REST.after) e.restUntil = now + Math.min(ENDPOINT_REST.maxMs, ENDPOINT_REST.firstMs * 2 ** (e.failuresInARow - ENDPOINT_REST.after));
}

/** Endpoints sharing one keep-alive transport; USERTURN_FETCH=global sends Ollama's route through the global fetch. */
export function createEndpoints(baseURLs: string[], apiKey: string | undefined, timeoutMs: number, maxSockets = 1024, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): Endpoint[] {
  const http = createHttpTransport(maxSockets, timeouts);
  const fetchImpl = process.env.USERTURN_FETCH === 'global' ? undefined : createHttpFetch(maxSockets, timeouts, http);
  const fetch = fetchImpl ?? globalThis.fetch;
  return baseURLs.map((baseURL) => {
    // A GET as the SDK's `models.list()` made it, without its client: on the runner's transport, the body as JSON when
    // the server says it is JSON (else its text, which lists nothing), the SDK's errors (requestAnswer).
    const getRoute = (route: string, ms: number, signal?: AbortSignal) => requestAnswer(http, apiUrl(baseURL, route), null, ms, apiKey, undefined, signal);
    const getRoot = (path: string, ms: number, maxBodyBytes: number) => requestAnswer(http, new URL(`${serverRoot(baseURL)}${path}`), null, ms, apiKey, maxBodyBytes);
    return { baseURL, inFlight: 0, failuresInARow: 0, restUntil: 0, held: false, window: undefined, heldSince: 0, outages: 0, answered: 0, tally: { url: redactUrl(baseURL), attempts: 0, failed: {} }, http, fetch, getRoute, getRoot, listModels: (ms, signal) => getRoute('models', ms, signal) };
  });
}

/**
 * Least-loaded endpoint, skipping held ones (never picked while one is not held), resting ones (recordAttempt) and the
 * one that just failed when there is a choice; ties go round-robin. When every endpoint rests, all are candidates
 * again: a run never stops for want of one.
 */
export function pickEndpoint(all: Endpoint[], counter: number, avoid?: Endpoint, now = performance.now()): Endpoint {
  // Once per attempt: no array is built unless an endpoint is held (most runs hold none).
  const usable = all.some((e) => e.held) ? all.filter((e) => !e.held) : all;
  const endpoints = usable.length > 0 ? usable : all;
  const awake = endpoints.length > 1 ? endpoints.filter((e) => e.restUntil <= now) : endpoints;
  const candidates = awake.length > 0 ? awake : endpoints;
  const pool = candidates.length > 1 && avoid ? candidates.filter((e) => e !== avoid) : candidates;
  let best = pool[counter % pool.length]!;
  for (const e of pool) if (e.inFlight < best.inFlight) best = e;
  return best;
}

/**
 * Text with every URL in it redacted (redactUrl) and every registered secret value removed: for reasons and logs. A
 * URL that had user:password shows `[redacted]@` in their place, so a command copied from a log fails visibly
 * instead of running without them.
 */
export const scrubUrls = (s: string): string => redactUrlsIn(redact(s));
