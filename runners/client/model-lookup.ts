import { APIConnectionError, APIConnectionTimeoutError } from 'openai/error';
import { oneLine } from '../core/terminal-text.ts';
import { redact } from '../io/secrets.ts';
import { EndpointError, type Endpoint } from './endpoints.ts';
import { redactUrl } from '../../src/schema/url-redact.ts';
import { HttpTimeoutError } from './http-transport.ts';
import { connectionCause } from './sdk-errors.ts';
import { servedAliases } from './served-aliases.ts';
import { listedWindow, runWindow } from './served-window.ts';
import { refusedHint } from './refused-hint.ts';
import { v1Hint } from './v1-hint.ts';

/**
 * Which of the models an endpoint lists (`ids`, at least one) a run sends its requests to: the only one, or else the
 * only one named `expected` (the names serve-cmd gives the submission's model), or none (the problem, after the URL).
 */
export function pickServedModel(ids: readonly string[], expected: readonly string[]): { model: string } | { problem: string } {
  const named = ids.length === 1 ? ids : ids.filter((id) => expected.includes(id));
  if (named.length === 1) return { model: named[0]! };
  const listed = `${ids.slice(0, 6).map(oneLine).join(', ')}${ids.length > 6 ? ', …' : ''}`;
  const which = expected.length > 0 ? `, ${named.length === 0 ? 'none' : 'more than one'} of them named as serve-cmd serves this submission (${expected.join(' or ')})` : '';
  return { problem: `lists ${ids.length} models (${listed})${which}: pass --model NAME to choose` };
}

/**
 * No endpoint is ready (none answered, or each is still loading its model), and none refused: the one failure a
 * rerun whose every request is cached can go on from without the endpoint (probe/offline-rerun.ts).
 */
export class NoEndpointReady extends EndpointError {
  /** Each endpoint's reason, without the advice the message may add (a rerun the cache answers needs none). */
  readonly reasons: string;
  constructor(message: string, reasons = message) {
    super(message);
    this.reasons = reasons;
  }
}

/** How to look endpoints up: the run's timeout, serve-cmd's names, the engine's readiness route, --model. */
export interface LookupOptions {
  timeoutMs: number;
  /** The names serve-cmd gives the submission's model (pickServedModel). */
  expected?: readonly string[];
  /** EngineBehaviour.readyRoute: answering 503, the endpoint lists its model but cannot serve it yet (llama.cpp). */
  readyRoute?: string | null;
  /** --model: the name requests carry whatever /v1/models lists (it may list none, or have no such route). */
  wanted?: string;
  /** Ends the look-up: it then answers `unanswered` with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * What one endpoint's look-up found: the model it serves (and, when it cannot serve it yet, why: `loading`), or why it
 * did not answer (a host down or starting: it may come up later), or a refusal (a wrong key or path, a list the run
 * cannot use: the run stops). Reasons are whole lines, the endpoint's URL without credentials first.
 */
export type ModelLookup = { model: string; loading?: string; aliases?: string[]; window?: number } | { unanswered: string; connRefused?: true } | { refused: string };

/**
 * Why an endpoint that lists its model cannot serve yet, or undefined when it can: its engine's readiness route
 * answering 503, as llama.cpp's does while it loads the model (every completion would get 503 "Loading model"). A
 * route it does not have (404, an older version) says nothing: the endpoint is taken as ready, as before the check.
 */
async function stillLoading(e: Endpoint, route: string, timeoutMs: number, signal?: AbortSignal): Promise<string | undefined> {
  try {
    await e.getRoute(route, Math.min(timeoutMs, LOOKUP_TRY_MS), signal);
    return undefined;
  } catch (err) {
    if (signal?.aborted) return `${redactUrl(e.baseURL)}/${route}: ${(signal.reason as Error).message}`;
    const status = (err as { status?: unknown }).status;
    if (typeof status === 'number' && status !== 503) return undefined;
    return `${redactUrl(e.baseURL)}/${route}: ${said(err)} (it lists its model but cannot serve it yet)`;
  }
}

/**
 * The longest one try of a look-up waits. GET /v1/models is answered from the server's event loop, in milliseconds
 * even under load; a host silent that long is not about to answer, and it was tried three times 30 s each (91 s before
 * a review's run said anything).
 */
export const LOOKUP_TRY_MS = 10_000;

/**
 * A server's words in a reason: its secrets removed (one that echoes the Authorization header), on one line; for a
 * failed connection, what broke it (ENOTFOUND, ECONNREFUSED, a TLS error), as doctor names it.
 */
const said = (err: unknown): string => {
  const cause = err instanceof APIConnectionError ? connectionCause(err) : null;
  return `${oneLine(redact((err as Error).message))}${cause ? ` (${cause})` : ''}`;
};

/** The server answered no: a 4xx other than 429 (a wrong key or path), or a list the run cannot use. */
function refusal(err: unknown): boolean {
  const status = (err as { status?: unknown }).status;
  return err instanceof EndpointError || (typeof status === 'number' && status < 500 && status !== 429);
}

/** A failed try that another try cannot change: a refusal, or a wait that ran out. */
const final = (err: unknown): boolean => refusal(err) || err instanceof APIConnectionTimeoutError || err instanceof HttpTimeoutError;

/** One endpoint's GET /models (three tries), then its readiness route. */
export async function lookUpModel(e: Endpoint, o: LookupOptions): Promise<ModelLookup> {
  let lastErr: unknown;
  let ids: string[] = [];
  let listed: unknown = null;
  for (let attempt = 0; attempt < 3 && !o.signal?.aborted; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 200 * attempt));
    try {
      // As the SDK's page read it: `data` or nothing, each entry's id.
      const body = (await e.listModels(Math.min(o.timeoutMs, LOOKUP_TRY_MS), o.signal)) as { data?: Array<{ id?: unknown }> } | null;
      listed = body;
      ids = (body?.data || []).map((m) => m?.id).filter((id): id is string => typeof id === 'string' && id !== '');
      if (ids.length === 0 && o.wanted === undefined) throw new EndpointError('the endpoint lists no model');
      lastErr = undefined;
      break;
    } catch (err) {
      lastErr = err;
      if (final(err)) break;
    }
  }
  // A refusal seen stands; a look-up ended before any answer says why it was ended.
  if (lastErr !== undefined && !final(lastErr) && o.signal?.aborted) return { unanswered: `${redactUrl(e.baseURL)}/models: ${(o.signal.reason as Error).message}` };
  const status = (lastErr as { status?: unknown } | undefined)?.status;
  // With --model the list is not needed: a server without the route (404) is up and takes the name given.
  if (lastErr === undefined || (o.wanted !== undefined && status === 404)) {
    const picked = o.wanted !== undefined ? { model: o.wanted } : pickServedModel(ids, o.expected ?? []);
    if ('problem' in picked) return { refused: redact(`${redactUrl(e.baseURL)}/models ${picked.problem}`) };
    const aliases = servedAliases(listed, picked.model);
    const window = listedWindow(listed, picked.model);
    const found = { ...picked, ...(aliases.length > 0 ? { aliases } : {}), ...(window === undefined ? {} : { window }) };
    const loading = o.readyRoute ? await stillLoading(e, o.readyRoute, o.timeoutMs, o.signal) : undefined;
    return loading === undefined ? found : { ...found, loading };
  }
  const hint = status !== 404 ? '' : v1Hint(e.baseURL) || ' (a server without that route: pass --model NAME)';
  const reason = `${redactUrl(e.baseURL)}/models: ${said(lastErr)}${hint}`;
  if (refusal(lastErr)) return { refused: reason };
  return lastErr instanceof APIConnectionError && connectionCause(lastErr) === 'ECONNREFUSED' ? { unanswered: reason, connRefused: true } : { unanswered: reason };
}

/**
 * The model every endpoint serves, and the endpoints left out until a later look-up finds them ready (held-endpoints.ts).
 * One that lists a single model serves that one. One that lists several (Ollama lists every model pulled, vLLM a base
 * model and its LoRA adapters) serves the one of them named `expected` (how serve-cmd names the submission's model);
 * when none or more than one of those is listed, the run stops and asks for --model (taking the first entry, a
 * review's endpoint that listed another model first had the whole probe run against that model without a word).
 * `aliases`: the other names the endpoints answer that model under (served-aliases.ts); `window`: the context window
 * the ready ones report (served-window.ts).
 *
 * Endpoints are asked at once. One that does not answer (no connection, a timeout, a 5xx or 429: a host down or still
 * starting) or lists its model but cannot serve it yet (llama.cpp loading it) is held, as long as another is ready: one
 * dead host of eight must not stop the run, nor take requests (a review's run sent a silent host a round of requests
 * that each waited out the first-byte timeout). The run stops when one refuses (401, 404, a list it cannot use), when
 * the models listed differ (a loading endpoint's included: it lists the model it is loading), or when none is ready;
 * every endpoint's reason is given then.
 */
export async function servedModels(endpoints: Endpoint[], o: LookupOptions): Promise<{ model: string; aliases?: string[]; window: number | null; held: Array<{ endpoint: Endpoint; reason: string }> }> {
  const looked = await lookUpAll(endpoints, o);
  const refused = looked.flatMap((l) => ('refused' in l ? [l.refused] : []));
  if (refused.length > 0) throw new EndpointError(refused.join('; '));
  const models = [...new Set(looked.flatMap((l) => ('model' in l ? [l.model] : [])))].sort();
  if (models.length > 1) throw new EndpointError(`the endpoints serve different models (${models.map(oneLine).join(', ')}); pass --model to choose one name`);
  const held = looked.flatMap((l, i) => ('unanswered' in l ? [{ endpoint: endpoints[i]!, reason: l.unanswered }] : 'loading' in l && l.loading ? [{ endpoint: endpoints[i]!, reason: l.loading }] : []));
  if (held.length === endpoints.length) {
    const reasons = held.map((h) => h.reason).join('; ');
    const noListener = looked.every((l) => 'connRefused' in l);
    throw new NoEndpointReady(noListener ? `${reasons}; ${refusedHint(endpoints.map((e) => e.baseURL))}` : reasons, reasons);
  }
  const aliases = [...new Set(looked.flatMap((l) => ('model' in l ? (l.aliases ?? []) : [])))];
  looked.forEach((l, i) => {
    if ('model' in l && l.loading === undefined) endpoints[i]!.window = l.window;
  });
  const window = runWindow(looked.flatMap((l) => ('model' in l && l.loading === undefined ? [l.window] : [])));
  return { model: models[0]!, ...(aliases.length > 0 ? { aliases } : {}), window, held };
}

/**
 * How long the other endpoints' look-ups may go on once one endpoint is ready: a host that takes the connection and
 * never answers was waited for over three tries of up to 30 s each (a review's run sat silent for 91 s) though the run
 * could start. Those still looking are held (held-endpoints.ts asks them again).
 */
export const LATE_LOOKUP_MS = 10_000;

/**
 * What several endpoints looked up (or waited for) together share: once one is ready the others get `ms` more, and
 * `stop` ends them at once (one refused; the job was interrupted). The run's look-up and the probe job's wait use it.
 */
export function endpointGrace(ms: number) {
  const late = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  return {
    signal: late.signal,
    ready(): void {
      timer ??= setTimeout(() => late.abort(new Error(`no answer ${ms / 1000} s after another endpoint was ready`)), ms);
      timer.unref();
    },
    stop(why: string): void {
      late.abort(new Error(why));
    },
    end(): void {
      clearTimeout(timer);
    },
  };
}

/**
 * Every endpoint's look-up, at once; once one is ready the others get LATE_LOOKUP_MS more, and once one refuses the
 * others end at once (the run stops on the refusal: a review's waited 91 s on a silent host before saying so).
 */
async function lookUpAll(endpoints: Endpoint[], o: LookupOptions): Promise<ModelLookup[]> {
  const grace = endpointGrace(LATE_LOOKUP_MS);
  const signal = o.signal ? AbortSignal.any([o.signal, grace.signal]) : grace.signal;
  const looked = await Promise.all(
    endpoints.map(async (e) => {
      const l = await lookUpModel(e, { ...o, signal });
      if ('model' in l && l.loading === undefined) grace.ready();
      if ('refused' in l) grace.stop('not asked further: another endpoint refused');
      return l;
    }),
  );
  grace.end();
  return looked;
}
