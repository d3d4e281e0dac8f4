import pLimit from 'p-limit';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { requestKey } from '../cache/key.ts';
import type { ResponseCache } from '../cache/sqlite-cache.ts';
import { redact } from '../io/secrets.ts';
import { StorageError } from '../io/storage-error.ts';
import { backoffMs, retryAfterMs } from './backoff.ts';
import type { HttpTimeouts } from './http-fetch.ts';
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
  /** Connect, first-byte and idle timeouts inside each attempt (default DEFAULT_HTTP_TIMEOUTS). */
  httpTimeouts?: HttpTimeouts;
}

export interface CompletionsClient {
  complete(body: CompletionBody): Promise<CompletionResult>;
  stats: ClientStats;
  endpoints: Endpoint[];
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A reason goes into published samples: any URL in it loses its user:password and query string, and every
 * registered secret value is removed (a server's error body may echo the Authorization header).
 */
const scrubUrls = (s: string): string => redact(s).replace(/\bhttps?:\/\/[^\s"'<>]+/gi, (u) => redactUrl(u));

/** Whether an attempt's failure may succeed on retry, and a short reason for the record. */
function classify(err: unknown): { retry: boolean; reason: string; kind: string; headers?: Headers } {
  const c = classifyRaw(err);
  return { ...c, reason: scrubUrls(c.reason) };
}

/** A 200 whose content must not be kept: cut short by the server or produced by another model. Retried. */
class RejectedAnswer extends Error {
  readonly kind: string;
  constructor(kind: string, message: string) {
    super(message);
    this.kind = kind;
  }
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
  if (err instanceof RejectedAnswer) return { retry: true, reason: err.message.slice(0, 300), kind: err.kind };
  if (err instanceof SyntaxError) return { retry: true, reason: `malformed response: ${err.message.slice(0, 200)}`, kind: 'malformed' };
  const msg = err instanceof Error ? err.message : String(err);
  return { retry: true, reason: msg.slice(0, 300), kind: 'other' };
}

/**
 * The finish reasons of a complete /v1/completions answer: the model stopped (end of turn or a stop sequence)
 * or reached max_tokens. Anything else ("abort", "error", "cancelled", a missing reason) means the text was
 * cut by the server, not by the model.
 */
export const ACCEPTED_FINISH_REASONS: ReadonlySet<string> = new Set(['stop', 'length']);

/** Raw fields of a response kept (in the cache) to audit an answer later. */
const AUDIT_FIELDS = ['id', 'created', 'system_fingerprint', 'usage'] as const;

/**
 * Only a complete, well-formed completion from the model that was asked is accepted (and therefore cached).
 * An answer is tied to the served model by name: a replica serving other weights under a shared load balancer,
 * or a proxy answering for another model, is refused.
 */
export function validateCompletion(resp: unknown, expectedModel: string): { text: string; finish_reason: string; model: string; audit: string } {
  const r = resp as ({ choices?: Array<{ text?: unknown; finish_reason?: unknown }>; model?: unknown } & Record<string, unknown>) | null;
  const c = r?.choices?.[0];
  if (!c || typeof c.text !== 'string') throw new SyntaxError('response has no choices[0].text');
  if (typeof c.finish_reason !== 'string' || c.finish_reason === '') throw new RejectedAnswer('incomplete', 'response has no finish_reason (incomplete)');
  if (!ACCEPTED_FINISH_REASONS.has(c.finish_reason)) throw new RejectedAnswer('incomplete', `finish_reason "${c.finish_reason.slice(0, 40)}" (the server cut the answer)`);
  const model = typeof r?.model === 'string' ? r.model : '';
  if (model !== expectedModel) throw new RejectedAnswer('wrong_model', `answered by model "${model.slice(0, 100)}", not the served "${expectedModel.slice(0, 100)}"`);
  const audit = JSON.stringify(Object.fromEntries(AUDIT_FIELDS.filter((k) => r![k] !== undefined).map((k) => [k, r![k]])));
  return { text: c.text, finish_reason: c.finish_reason, model, audit };
}

/**
 * Raw /v1/completions with a concurrency cap, load spread over endpoints, per-request timeout,
 * retries with backoff + jitter honouring retry-after, in-flight de-duplication and the response cache.
 */
export function createCompletionsClient(opts: ClientOptions): CompletionsClient {
  const endpoints = createEndpoints(opts.baseURLs, opts.apiKey, opts.timeoutMs, 1024, opts.httpTimeouts);
  const limit = pLimit(opts.concurrency);
  const inFlight = new Map<string, Promise<CompletionResult>>();
  const stats: ClientStats = { sent: 0, cacheHits: 0, deduplicated: 0, retries: 0, failed: 0, completed: 0, failureReasons: {} };
  let counter = 0;
  /** The first storage failure: from then on every request fails with it and nothing more is sent. */
  let fatal: StorageError | null = null;

  async function send(key: string, body: CompletionBody): Promise<CompletionResult> {
    let last: ReturnType<typeof classify> | null = null;
    let avoid: Endpoint | undefined;
    let attempts = 0;
    for (let attempt = 1; attempt <= opts.maxAttempts; attempt++) {
      if (fatal) throw fatal;
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
        const ok = validateCompletion(resp, body.model);
        const latency_ms = Math.round(performance.now() - t0);
        const value = { text: redact(ok.text), finish_reason: ok.finish_reason, model: ok.model, latency_ms };
        // Store synchronously before anything else awaits: a kill -9 after this line cannot lose it.
        try {
          opts.cache.put(key, { ...value, audit: ok.audit });
        } catch (e) {
          // Not a server failure: re-sending cannot help, and every answer from now on would be lost too.
          fatal ??= e instanceof StorageError ? e : new StorageError('request cache', 'cannot store an answer', e, '');
          throw fatal;
        }
        stats.completed++;
        return { ...value, cached: false };
      } catch (err) {
        if (err instanceof StorageError) throw err;
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

  /** A cached answer counts only when it would be accepted today (older caches may hold cut or foreign answers). */
  function cachedAnswer(key: string, body: CompletionBody) {
    const hit = opts.cache.get(key);
    if (!hit) return null;
    return ACCEPTED_FINISH_REASONS.has(hit.finish_reason) && hit.model === body.model ? hit : null;
  }

  return {
    stats,
    endpoints,
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
      const p = limit(() => {
        // A twin may have finished while this one waited for a slot.
        const late = cachedAnswer(key, body);
        return late ? Promise.resolve({ ...late, cached: true }) : send(key, body);
      }).finally(() => inFlight.delete(key));
      inFlight.set(key, p);
      return p;
    },
  };
}
