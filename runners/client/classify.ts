import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai/error';
import { RejectedAnswer } from './answer-check.ts';
import { scrubUrls } from './endpoints.ts';
import { ConnectTimeoutError, HttpTimeoutError, ResponseTooLargeError } from './http-transport.ts';
import { isHtmlPage, pageText } from './page-text.ts';
import { connectionCause, NoResponseError } from './sdk-errors.ts';

export interface Failure {
  retry: boolean;
  reason: string;
  kind: string;
  headers?: Headers;
  /**
   * The server was not reached at all: no connection (refused, reset before any response, a name that does not
   * resolve, the connect timeout), or a proxy's 502, 503 or 504 for a backend that is down. Such an attempt may hold
   * the endpoint instead of spending the request's attempts (endpoint-holds.ts).
   */
  unreached?: true;
}

/**
 * Whether an attempt's failure may succeed on retry, and a short reason for the record. The reason goes into
 * published samples, so it is scrubbed (scrubUrls: a server's error body may echo the Authorization header).
 */
export function classify(err: unknown): Failure {
  const c = classifyRaw(err);
  return { ...c, reason: scrubUrls(c.reason) };
}

const UNREACHED = { unreached: true } as const;

function classifyRaw(err: unknown): Failure {
  // A connect, first-byte or idle timeout (http-transport.ts): thrown as is while a stream is read; before the
  // headers the SDK wraps it (as the cause of an APIConnectionTimeoutError).
  const cause = (err as { cause?: unknown } | null)?.cause;
  const timeout = err instanceof HttpTimeoutError ? err : cause instanceof HttpTimeoutError ? cause : null;
  if (timeout) return { retry: true, reason: timeout.message, kind: 'timeout', ...(timeout instanceof ConnectTimeoutError ? UNREACHED : {}) };
  if (err instanceof ResponseTooLargeError) return { retry: false, reason: err.message, kind: 'too_large' };
  // The attempt's deadline says how long it was (direct-completion.ts); the SDK's own message says only that.
  if (err instanceof APIConnectionTimeoutError) return { retry: true, reason: err.message === 'Request timed out.' ? 'timeout' : err.message, kind: 'timeout' };
  if (err instanceof APIConnectionError) {
    return { retry: true, reason: `connection error: ${connectionCause(err) ?? err.message}`, kind: 'connection', ...(err instanceof NoResponseError ? UNREACHED : {}) };
  }
  if (err instanceof APIError && typeof err.status === 'number') {
    const s = err.status;
    const retry = s === 408 || s === 409 || s === 429 || s >= 500;
    // The SDK's message is the status, then the body.
    const said = isHtmlPage(err.message) ? pageText(err.message.replace(/^\d{3} /, '')) : err.message.slice(0, 200);
    return { retry, reason: `HTTP ${s}: ${said}`, kind: `http_${s}`, headers: err.headers as Headers | undefined, ...(s >= 502 && s <= 504 ? UNREACHED : {}) };
  }
  if (err instanceof RejectedAnswer) return { retry: true, reason: err.message.slice(0, 300), kind: err.kind };
  if (err instanceof SyntaxError) return { retry: true, reason: `malformed response: ${err.message.slice(0, 200)}`, kind: 'malformed' };
  const msg = err instanceof Error ? err.message : String(err);
  return { retry: true, reason: msg.slice(0, 300), kind: 'other' };
}
