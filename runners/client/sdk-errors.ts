import { APIConnectionError, APIError } from 'openai/error';
import { oneLine } from '../core/terminal-text.ts';

/**
 * The openai SDK's error for an HTTP status, made as its client makes it (makeStatusError): the body as JSON when it
 * parses (an object without `error` wrapped as `{ error }`), else its text as the message; the headers kept for
 * retry-after. The runner speaks to servers without the SDK's client but keeps its error types and messages, which
 * classify.ts reads. Imported from `openai/error` alone: the SDK's whole client is 236 modules (130 ms of start-up
 * CPU and 6 MB of live heap in every run, issue 16).
 */
export function sdkStatusError(status: number, text: string, headers: Headers): APIError {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const error = json && typeof json === 'object' && (json as { error?: unknown }).error == null ? { error: json } : json;
  return APIError.generate(status, error as object | undefined, json ? undefined : text, headers);
}

/**
 * What broke a connection, from the cause the SDK's connection error carries: its code (ENOTFOUND, ECONNREFUSED,
 * ECONNRESET, a TLS error's), else its message on one line; null when there is none. "Connection error." alone
 * left an operator guessing between a wrong host name, a closed port and https against an http server.
 */
export function connectionCause(err: unknown): string | null {
  const c = (err as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  const text = typeof c?.code === 'string' ? c.code : typeof c?.message === 'string' ? oneLine(c.message).slice(0, 200) : null;
  if (text === null) return null;
  if (text === 'ERR_SSL_WRONG_VERSION_NUMBER') return `TLS error ${text}: the server does not speak TLS (http:// rather than https://?)`;
  return /^(ERR_SSL|ERR_TLS)|CERT/.test(text) ? `TLS error ${text}` : text;
}

/**
 * The SDK's connection error for an attempt that got no response at all (refused, reset before the headers, a host
 * name that does not resolve): the server was not reached, unlike a body cut short after its headers, which is the
 * same SDK type (endpoint-holds.ts tells the two apart).
 */
export class NoResponseError extends APIConnectionError {}
