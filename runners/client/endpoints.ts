import OpenAI from 'openai';
import { createHttpFetch } from './http-fetch.ts';
import { createHttpTransport, DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts, type HttpTransport } from './http-transport.ts';
import { ServerError } from '../core/errors.ts';

/** An endpoint that cannot be used (unreachable, lists no model, endpoints disagree): exit 1, not a bug. */
export class EndpointError extends ServerError {}

export interface Endpoint {
  baseURL: string;
  /** For the routes off the hot path (/v1/models). */
  client: OpenAI;
  /** The keep-alive transport completions are posted on (direct-completion.ts). */
  http: HttpTransport;
  /** The same fetch the SDK client uses, for routes outside the OpenAI API (Ollama's /api/generate). */
  fetch: typeof fetch;
  inFlight: number;
}

/** One SDK client per base URL; the SDK's own retries are off because the runner retries (and counts) itself. */
export function createEndpoints(baseURLs: string[], apiKey: string | undefined, timeoutMs: number, maxSockets = 1024, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): Endpoint[] {
  const http = createHttpTransport(maxSockets, timeouts);
  const fetchImpl = process.env.USERTURN_FETCH === 'global' ? undefined : createHttpFetch(maxSockets, timeouts, http);
  return baseURLs.map((baseURL) => ({
    baseURL,
    inFlight: 0,
    http,
    fetch: fetchImpl ?? globalThis.fetch,
    client: new OpenAI({ baseURL, apiKey: apiKey ?? 'none', maxRetries: 0, timeout: timeoutMs, ...(fetchImpl ? { fetch: fetchImpl } : {}) }),
  }));
}

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
        const page = await e.client.models.list({ timeout: Math.min(timeoutMs, 30_000), maxRetries: 0 });
        const first = page.data[0]?.id;
        if (!first) throw new Error('the endpoint lists no model');
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
      throw new EndpointError(`${redactUrl(e.baseURL)}/models: ${(lastErr as Error).message}${hint}`);
    }
  }
  return out;
}
