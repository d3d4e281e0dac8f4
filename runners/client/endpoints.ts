import { createHttpFetch } from './http-fetch.ts';
import { createHttpTransport, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, type HttpTransport } from './http-transport.ts';
import { ServerError } from '../core/errors.ts';
import { redact } from '../io/secrets.ts';
import { apiUrl, requestAnswer } from './direct-completion.ts';

/** An endpoint that cannot be used (unreachable, lists no model, endpoints disagree): exit 1, not a bug. */
export class EndpointError extends ServerError {}

export interface Endpoint {
  baseURL: string;
  /** GET <base>/models: its JSON body, or the openai SDK's error for what went wrong (as the SDK's client gave it). */
  listModels(timeoutMs: number): Promise<unknown>;
  /** The keep-alive transport completions are posted on (direct-completion.ts). */
  http: HttpTransport;
  /** The fetch for Ollama's /api/generate: the runner's transport's, or the global one (USERTURN_FETCH=global). */
  fetch: typeof fetch;
  inFlight: number;
}

/** Endpoints sharing one keep-alive transport; USERTURN_FETCH=global sends Ollama's route through the global fetch. */
export function createEndpoints(baseURLs: string[], apiKey: string | undefined, timeoutMs: number, maxSockets = 1024, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): Endpoint[] {
  const http = createHttpTransport(maxSockets, timeouts);
  const fetchImpl = process.env.USERTURN_FETCH === 'global' ? undefined : createHttpFetch(maxSockets, timeouts, http);
  const fetch = fetchImpl ?? globalThis.fetch;
  return baseURLs.map((baseURL) => ({ baseURL, inFlight: 0, http, fetch, listModels: (ms) => getModels(http, baseURL, apiKey, ms) }));
}

/**
 * What the SDK's `models.list()` did, without loading its client: the same GET on the runner's transport (no
 * fetch Response or Headers), the body as JSON when the server says it is JSON (else its text, which lists
 * nothing), and the SDK's errors (requestAnswer).
 */
const getModels = (http: HttpTransport, baseURL: string, apiKey: string | undefined, timeoutMs: number): Promise<unknown> =>
  requestAnswer(http, apiUrl(baseURL, 'models'), null, timeoutMs, apiKey);

/** Least-loaded endpoint, skipping the one that just failed when there is a choice; ties go round-robin. */
export function pickEndpoint(endpoints: Endpoint[], counter: number, avoid?: Endpoint): Endpoint {
  const pool = endpoints.length > 1 && avoid ? endpoints.filter((e) => e !== avoid) : endpoints;
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

/** The model name each endpoint serves (first entry of /v1/models). */
export async function servedModels(endpoints: Endpoint[], timeoutMs: number): Promise<string[]> {
  const out: string[] = [];
  for (const e of endpoints) {
    let lastErr: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 200 * attempt));
      try {
        // As the SDK's page read it: `data` or nothing, the first entry's id.
        const body = (await e.listModels(Math.min(timeoutMs, 30_000))) as { data?: Array<{ id?: unknown }> } | null;
        const first = (body?.data || [])[0]?.id;
        if (typeof first !== 'string' || first === '') throw new Error('the endpoint lists no model');
        out.push(first);
        lastErr = undefined;
        break;
      } catch (err) {
        lastErr = err;
      }
    }
    if (lastErr !== undefined) {
      const status = (lastErr as { status?: unknown }).status;
      const hint = status === 404 && !/\/v1\/?$/.test(new URL(e.baseURL).pathname) ? ' (OpenAI-compatible servers answer under /v1: did you mean --base-url ' + `${redactUrl(e.baseURL)}/v1?)` : '';
      // The server's words are printed: one that echoes the Authorization header must not print the key.
      throw new EndpointError(`${redactUrl(e.baseURL)}/models: ${redact((lastErr as Error).message)}${hint}`);
    }
  }
  return out;
}
