import { createHttpFetch } from './http-fetch.ts';
import { createHttpTransport, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, type HttpTransport } from './http-transport.ts';
import { ServerError } from '../core/errors.ts';
import { redact } from '../io/secrets.ts';
import { apiUrl, requestAnswer } from './direct-completion.ts';
import type { EndpointTally } from './types.ts';

/** An endpoint that cannot be used (unreachable, lists no model, endpoints disagree): exit 1, not a bug. */
export class EndpointError extends ServerError {}

export interface Endpoint {
  baseURL: string;
  /** GET <base>/models: its JSON body, or the openai SDK's error for what went wrong (as the SDK's client gave it). */
  listModels(timeoutMs: number): Promise<unknown>;
  /** GET <base>/<route> the same way (an engine's readiness route). */
  getRoute(route: string, timeoutMs: number): Promise<unknown>;
  /** The keep-alive transport completions are posted on (direct-completion.ts). */
  http: HttpTransport;
  /** The fetch for Ollama's /api/generate: the runner's transport's, or the global one (USERTURN_FETCH=global). */
  fetch: typeof fetch;
  inFlight: number;
  /** Attempts in a row that got no answer from it (connection failures and timeouts); a success resets it. */
  failuresInARow: number;
  /** Until when (performance.now()) it gets no first attempt while another endpoint is awake (ENDPOINT_REST). */
  restUntil: number;
  /** Its attempts and failures, for the run's closing lines. */
  tally: EndpointTally;
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
    const getRoute = (route: string, ms: number) => getJson(http, baseURL, route, apiKey, ms);
    return { baseURL, inFlight: 0, failuresInARow: 0, restUntil: 0, tally: { url: redactUrl(baseURL), attempts: 0, failed: {} }, http, fetch, getRoute, listModels: (ms) => getRoute('models', ms) };
  });
}

/**
 * What the SDK's `models.list()` did, without loading its client: the same GET on the runner's transport (no
 * fetch Response or Headers), the body as JSON when the server says it is JSON (else its text, which lists
 * nothing), and the SDK's errors (requestAnswer).
 */
const getJson = (http: HttpTransport, baseURL: string, route: string, apiKey: string | undefined, timeoutMs: number): Promise<unknown> =>
  requestAnswer(http, apiUrl(baseURL, route), null, timeoutMs, apiKey);

/**
 * Least-loaded endpoint, skipping resting ones (recordAttempt) and the one that just failed when there is a choice;
 * ties go round-robin. When every endpoint rests, all are candidates again: a run never stops for want of one.
 */
export function pickEndpoint(endpoints: Endpoint[], counter: number, avoid?: Endpoint, now = performance.now()): Endpoint {
  const awake = endpoints.length > 1 ? endpoints.filter((e) => e.restUntil <= now) : endpoints;
  const candidates = awake.length > 0 ? awake : endpoints;
  const pool = candidates.length > 1 && avoid ? candidates.filter((e) => e !== avoid) : candidates;
  let best = pool[counter % pool.length]!;
  for (const e of pool) if (e.inFlight < best.inFlight) best = e;
  return best;
}

/** An endpoint as recorded in results and logs: no user:password and no query string (either may carry a secret). */
export function redactUrl(u: string): string {
  try {
    const url = new URL(u);
    url.username = '';
    url.password = '';
    url.search = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return '(invalid url)';
  }
}

/**
 * Which of the models an endpoint lists (`ids`, at least one) a run sends its requests to: the only one, or else the
 * only one named `expected` (the names serve-cmd gives the submission's model), or none (the problem, after the URL).
 */
export function pickServedModel(ids: readonly string[], expected: readonly string[]): { model: string } | { problem: string } {
  const named = ids.length === 1 ? ids : ids.filter((id) => expected.includes(id));
  if (named.length === 1) return { model: named[0]! };
  const listed = `${ids.slice(0, 6).join(', ')}${ids.length > 6 ? ', …' : ''}`;
  const which = expected.length > 0 ? `, ${named.length === 0 ? 'none' : 'more than one'} of them named as serve-cmd serves this submission (${expected.join(' or ')})` : '';
  return { problem: `lists ${ids.length} models (${listed})${which}: pass --model NAME to choose` };
}

/**
 * Why an endpoint that lists its model cannot serve yet, or null when it can: its engine's readiness route
 * (EngineBehaviour.readyRoute) answering 503, as llama.cpp's does while it loads the model (every completion would
 * get 503 "Loading model"). A route it does not have (404, an older version) says nothing: the endpoint is taken as
 * ready, as before the check.
 */
async function stillLoading(e: Endpoint, route: string, timeoutMs: number): Promise<string | null> {
  try {
    await e.getRoute(route, Math.min(timeoutMs, 30_000));
    return null;
  } catch (err) {
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status !== 503) return null;
    return `${redactUrl(e.baseURL)}/${route}: ${redact((err as Error).message)} (it lists its model but cannot serve it yet)`;
  }
}

/** What an endpoint's GET /models gave: the model the run sends it, or why it did not answer (the reason's whole line). */
type ModelLookup = { model: string } | { unanswered: string } | { refused: string };

/**
 * The model name each endpoint serves (pickServedModel). One that lists a single model serves that one. One that
 * lists several (Ollama lists every model pulled, vLLM a base model and its LoRA adapters) serves the one of them
 * named `expected` (how serve-cmd names the submission's model); when none or more than one of those is listed, the
 * run stops and asks for --model. Taking the first entry, a review's endpoint that listed another model first had the
 * whole probe run against that model without a word.
 *
 * Endpoints are asked at once. One that does not answer (no connection, a timeout, a 5xx or 429: a host down or still
 * loading) is left out of `models` and its reason is in `unanswered`, as long as another answered: one dead host of
 * eight must not stop the run (the client rests it, ENDPOINT_REST). When none answered, or one answered with a refusal
 * (401, 404: a wrong key or path) or a list the run cannot use, the run stops with that endpoint's reason.
 */
export async function servedModels(endpoints: Endpoint[], timeoutMs: number, expected: readonly string[] = [], readyRoute: string | null = null): Promise<{ models: string[]; unanswered: string[] }> {
  const looked = await Promise.all(endpoints.map((e) => lookUpModel(e, timeoutMs, expected, readyRoute)));
  const refused = looked.find((l): l is { refused: string } => 'refused' in l);
  if (refused) throw new EndpointError(refused.refused);
  const models = looked.flatMap((l) => ('model' in l ? [l.model] : []));
  const unanswered = looked.flatMap((l) => ('unanswered' in l ? [l.unanswered] : []));
  if (models.length === 0) throw new EndpointError(unanswered[0]!);
  return { models, unanswered };
}

async function lookUpModel(e: Endpoint, timeoutMs: number, expected: readonly string[], readyRoute: string | null): Promise<ModelLookup> {
  let lastErr: unknown;
  let ids: string[] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 200 * attempt));
    try {
      // As the SDK's page read it: `data` or nothing, each entry's id.
      const body = (await e.listModels(Math.min(timeoutMs, 30_000))) as { data?: Array<{ id?: unknown }> } | null;
      ids = (body?.data || []).map((m) => m?.id).filter((id): id is string => typeof id === 'string' && id !== '');
      if (ids.length === 0) throw new EndpointError('the endpoint lists no model');
      lastErr = undefined;
      break;
    } catch (err) {
      lastErr = err;
    }
  }
  if (lastErr === undefined) {
    const picked = pickServedModel(ids, expected);
    if ('problem' in picked) return { refused: redact(`${redactUrl(e.baseURL)}/models ${picked.problem}`) };
    const loading = readyRoute === null ? null : await stillLoading(e, readyRoute, timeoutMs);
    return loading === null ? picked : { unanswered: loading };
  }
  const status = (lastErr as { status?: unknown }).status;
  const hint = status === 404 && !/\/v1\/?$/.test(new URL(e.baseURL).pathname) ? ' (OpenAI-compatible servers answer under /v1: did you mean --base-url ' + `${redactUrl(e.baseURL)}/v1?)` : '';
  // The server's words are printed: one that echoes the Authorization header must not print the key.
  const reason = `${redactUrl(e.baseURL)}/models: ${redact((lastErr as Error).message)}${hint}`;
  const refused = lastErr instanceof EndpointError || (typeof status === 'number' && status < 500 && status !== 429);
  return refused ? { refused: reason } : { unanswered: reason };
}
