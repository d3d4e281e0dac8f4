import pLimit from 'p-limit';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { requestKey } from '../cache/key.ts';
import type { ResponseCache } from '../cache/sqlite-cache.ts';
import { backoffMs, retryAfterMs } from './backoff.ts';
import { createEndpoints, pickEndpoint, redactUrl, type Endpoint } from './endpoints.ts';
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
}

export interface CompletionsClient {
  complete(body: CompletionBody): Promise<CompletionResult>;
  stats: ClientStats;
  endpoints: Endpoint[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A reason goes into published samples: any URL in it loses its user:password and query string. */
const scrubUrls = (s: string): string => s.replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (u) => redactUrl(u));

/** Whether an attempt's failure may succeed on retry, and a short reason for the record. */
function classify(err: unknown): { retry: boolean; reason: string; kind: string; headers?: Headers } {
  const c = classifyRaw(err);
  return { ...c, reason: scrubUrls(c.reason) };
}

function classifyRaw(err: unknown): { retry: boolean; reason: string; kind: string; headers?: Headers } {
  if (err instanceof APIConnectionTimeoutError) return { retry: true, reason: 'timeout', kind: 'timeout' };
  if (err instanceof APIConnectionError) {
    const cause = (err as { cause?: { message?: string; code?: string } }).cause;
    return { retry: true, reason: `connection error: ${cause?.code ?? cause?.message ?? err.message}`, kind: 'connection' };
  }
  if (err instanceof APIError && typeof err.status === 'number') {
    const s = err.status;
    const retry = s === 408 || s === 409 || s === 429 || s >= 500;
    return { retry, reason: `HTTP ${s}: ${err.message.slice(0, 200)}`, kind: `http_${s}`, headers: err.headers as Headers | undefined };
  }
  if (err instanceof SyntaxError) return { retry: true, reason: `malformed response: ${err.message.slice(0, 200)}`, kind: 'malformed' };
  const msg = err instanceof Error ? err.message : String(err);
  return { retry: true, reason: msg.slice(0, 300), kind: 'other' };
}

/** Only a complete, well-formed completion is accepted (and therefore cached). */
function validate(resp: unknown): { text: string; finish_reason: string; model: string } {
  const r = resp as { choices?: Array<{ text?: unknown; finish_reason?: unknown }>; model?: unknown } | null;
  const c = r?.choices?.[0];
  if (!c || typeof c.text !== 'string') throw new SyntaxError('response has no choices[0].text');
  if (typeof c.finish_reason !== 'string' || c.finish_reason === '') throw new SyntaxError('response has no finish_reason (incomplete)');
  return { text: c.text, finish_reason: c.finish_reason, model: typeof r?.model === 'string' ? r.model : '' };
}

/**
 * Raw /v1/completions with a concurrency cap, load spread over endpoints, per-request timeout,
 * retries with backoff + jitter honouring retry-after, in-flight de-duplication and the response cache.
 */
export function createCompletionsClient(opts: ClientOptions): CompletionsClient {
  const endpoints = createEndpoints(opts.baseURLs, opts.apiKey, opts.timeoutMs);
  const limit = pLimit(opts.concurrency);
  const inFlight = new Map<string, Promise<CompletionResult>>();
  const stats: ClientStats = { sent: 0, cacheHits: 0, deduplicated: 0, retries: 0, failed: 0, completed: 0, failureReasons: {} };
  let counter = 0;

  async function send(key: string, body: CompletionBody): Promise<CompletionResult> {
    let last: ReturnType<typeof classify> | null = null;
    let avoid: Endpoint | undefined;
    let attempts = 0;
    for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
      if (attempt > 1) {
        stats.retries++;
        await sleep(backoffMs(attempt - 1, retryAfterMs(last?.headers), { baseMs: opts.backoffBaseMs, maxMs: opts.backoffMaxMs }));
      }
      const ep = pickEndpoint(endpoints, counter++, avoid);
      attempts = attempt;
      ep.inFlight++;
      stats.sent++;
      const t0 = performance.now();
      try {
        const resp = await ep.client.completions.create(body as unknown as Parameters<typeof ep.client.completions.create>[0] & { stream?: false }, {
          timeout: opts.timeoutMs,
          maxRetries: 0,
        });
        const ok = validate(resp);
        const latency_ms = Math.round(performance.now() - t0);
        const value = { text: ok.text, finish_reason: ok.finish_reason, model: ok.model, latency_ms };
        // Store synchronously before anything else awaits: a kill -9 after this line cannot lose it.
        opts.cache.put(key, value);
        stats.completed++;
        return { ...value, cached: false };
      } catch (err) {
        last = classify(err);
        avoid = ep;
        if (!last.retry) break;
      } finally {
        ep.inFlight--;
      }
    }
    stats.failed++;
    const kind = last?.kind ?? 'other';
    stats.failureReasons[kind] = (stats.failureReasons[kind] ?? 0) + 1;
    throw new RequestFailed(`${last?.reason ?? 'unknown error'} (after ${attempts} attempt${attempts === 1 ? '' : 's'})`, attempts);
  }

  return {
    stats,
    endpoints,
    complete(body) {
      const key = requestKey(body);
      const hit = opts.cache.get(key);
      if (hit) {
        stats.cacheHits++;
        return Promise.resolve({ ...hit, cached: true });
      }
      const pending = inFlight.get(key);
      if (pending) {
        stats.deduplicated++;
        return pending;
      }
      const p = limit(() => {
        // A twin may have finished while this one waited for a slot.
        const late = opts.cache.get(key);
        return late ? Promise.resolve({ ...late, cached: true }) : send(key, body);
      }).finally(() => inFlight.delete(key));
      inFlight.set(key, p);
      return p;
    },
  };
}
