import { serverRoot } from '../client/engine-version.ts';
import { createHttpFetch } from '../client/http-fetch.ts';

/** A JSON answer, or the HTTP status of a route the engine does not have. */
export type HttpAnswer = { ok: true; status: number; json: unknown } | { ok: false; status: number; text: string };

/**
 * The engine's own routes beside the OpenAI ones. `--base-url` names the OpenAI root (…/v1); vLLM's /tokenize,
 * llama.cpp's /props, TGI's /info live at the server root, so `root` is the base URL without its /v1.
 */
export interface Http {
  baseURL: string;
  root: string;
  get(url: string): Promise<HttpAnswer>;
  post(url: string, body: unknown): Promise<HttpAnswer>;
}

/** An engine route that exists but fails (HTTP error, timeout, refused connection, unexpected answer): its check fails. */
export class EngineRouteError extends Error {
  /** The network error's code when no connection was made (ECONNREFUSED…). */
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

/** Statuses by which a server says it has no such route (or method): the check is then "not available". */
export const isMissingRoute = (a: HttpAnswer): boolean => !a.ok && [404, 405, 501].includes(a.status);

export function createHttp(baseURL: string, apiKey: string | undefined, timeoutMs: number): Http {
  const root = serverRoot(baseURL);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
  // The run's transport, so doctor reaches what a run reaches: the global fetch refuses the ports browsers block
  // (6000, 6665-6669, 10080…) with a bare "fetch failed", though an engine served there runs the probe.
  const fetchImpl = createHttpFetch(8);
  async function send(url: string, init: RequestInit): Promise<HttpAnswer> {
    let res: Response;
    let text: string;
    try {
      res = await fetchImpl(url, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
      text = await res.text();
    } catch (e) {
      const x = e as { code?: unknown; cause?: { code?: unknown } };
      const code = [x.code, x.cause?.code].find((c): c is string => typeof c === 'string');
      const message = (e as Error).message;
      throw new EngineRouteError(`${url}: ${message}${code && !message.includes(code) ? ` (${code})` : ''}`, code);
    }
    if (!res.ok) return { ok: false, status: res.status, text: text.slice(0, 300) };
    try {
      return { ok: true, status: res.status, json: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, status: res.status, text: `not JSON: ${text.slice(0, 200)}` };
    }
  }
  return {
    baseURL,
    root,
    get: (url) => send(url, { method: 'GET' }),
    post: (url, body) => send(url, { method: 'POST', body: JSON.stringify(body) }),
  };
}
