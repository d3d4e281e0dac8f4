import { APIConnectionError, APIConnectionTimeoutError } from 'openai/error';
import { toHeaders } from './http-fetch.ts';
import { AttemptDeadlineError, HttpTimeoutError, readWholeBody, ResponseTooLargeError, type HttpTransport, type OpenResponse } from './http-transport.ts';
import { NoResponseError, sdkStatusError } from './sdk-errors.ts';
import { createSseCompletionReader } from './sse-completion.ts';
import type { CompletionBody } from './types.ts';

/**
 * One POST /v1/completions straight on the endpoint's keep-alive transport (undici, http-transport.ts), not through the
 * openai SDK. Why: `node bench/runner-sdk-vs-direct.ts` on 2026-11-25 (2 cores at load average 12–15, same simulator,
 * same process, alternating, 3 × 4,000 streamed requests at concurrency 128): the SDK's request path over the same
 * transport cost 0.45–0.47 ms of CPU per request, this one 0.18–0.22 ms (2.1–2.5× less). Retries, backoff and
 * retry-after stay the runner's own (completions-client.ts), and so do the connect, first-byte and idle timeouts
 * (http-transport.ts). Errors keep the SDK's types and messages (classify.ts reads them): an HTTP error status is an
 * `APIError` built as the SDK builds it, a failure before the answer's headers an `APIConnectionError`, the attempt
 * deadline an `APIConnectionTimeoutError` (sdk-errors.ts). /v1/models is asked without the SDK too (endpoints.ts).
 */
export function postCompletion(http: HttpTransport, baseURL: string, body: CompletionBody, timeoutMs: number, stream: boolean, apiKey: string | undefined, signal?: AbortSignal): Promise<unknown> {
  // `stream` and `stream_options` travel on the wire only: the cache key is the body without them.
  const wire = JSON.stringify(stream ? { ...body, stream: true, stream_options: { include_usage: true } } : body);
  return requestAnswer(http, completionsUrl(baseURL), wire, timeoutMs, apiKey, answerByteLimit(body.max_tokens), signal);
}

/**
 * The most bytes an answer of `maxTokens` may take on the wire: 1 KiB a token (a streamed token is one event of some
 * 150–400 bytes on vLLM, SGLang, llama.cpp and Ollama) plus 1 MiB for the rest.
 */
export const answerByteLimit = (maxTokens: number): number => 2 ** 20 + maxTokens * 1024;

/**
 * One request on the transport (a POST of `wire`, or a GET when it is null), answered as the SDK answers: the
 * streamed or JSON body, or its error types for a status, a failure before the headers and the deadline.
 */
export async function requestAnswer(http: HttpTransport, url: URL, wire: string | null, timeoutMs: number, apiKey: string | undefined, maxBodyBytes?: number, signal?: AbortSignal): Promise<unknown> {
  // USERTURN_API_KEY as a Bearer token (as the SDK sent it, "none" without one); without a key, a URL's user:password
  // goes as Basic auth (the transport adds it), which the Bearer header used to shadow.
  const auth: Record<string, string> = apiKey === undefined && url.username !== '' ? { accept: 'application/json' } : { accept: 'application/json', authorization: `Bearer ${apiKey ?? 'none'}` };
  const init = wire === null ? { method: 'GET', headers: auth, body: null } : { method: 'POST', headers: { 'content-type': 'application/json', ...auth }, body: wire };
  // What happens after the headers is told apart from a failure to get them (which the SDK wraps).
  let answer: { value: unknown } | { error: unknown };
  let opened: OpenResponse | null = null;
  try {
    answer = await http.open(url, { ...init, deadlineMs: timeoutMs, maxBodyBytes, signal }, (o) =>
      readAnswer((opened = o)).then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
    );
  } catch (e) {
    // The SDK's type, with the deadline's own words (how long): a sample's error says more than "timeout".
    if (e instanceof AttemptDeadlineError) throw new APIConnectionTimeoutError({ message: e.message });
    if (e instanceof HttpTimeoutError) throw e;
    throw new NoResponseError({ cause: e as Error });
  }
  if ('value' in answer) return answer.value;
  // However the body's reading failed, an attempt that ran over its deadline is the SDK's timeout.
  const failure = (opened as OpenResponse | null)?.failure();
  if (failure instanceof AttemptDeadlineError) throw new APIConnectionTimeoutError({ message: failure.message });
  throw answer.error;
}

/** An API route below a base URL: the base's trailing slashes dropped, `/route` appended (a base has no query, flags.ts). */
export const apiUrl = (baseURL: string, route: string): URL => new URL(`${baseURL.replace(/\/+$/, '')}/${route}`);

const urls = new Map<string, URL>();
/** `<base>/completions`, one URL object per base URL (the transport remembers what it resolved for it). */
function completionsUrl(baseURL: string): URL {
  let u = urls.get(baseURL);
  if (!u) urls.set(baseURL, (u = apiUrl(baseURL, 'completions')));
  return u;
}

function readAnswer(o: OpenResponse): Promise<unknown> {
  const { status } = o;
  if (status < 200 || status > 299) return statusError(o, status).then((e) => Promise.reject(e));
  return o.streamed ? readEvents(o) : jsonBody(o);
}

/** A non-streamed answer (also what a server that ignores `stream` sends); a body cut short is a connection error. */
async function jsonBody(o: OpenResponse): Promise<unknown> {
  let raw: Buffer;
  try {
    raw = await readWholeBody(o);
  } catch (e) {
    if (e instanceof HttpTimeoutError || e instanceof ResponseTooLargeError) throw e;
    throw new APIConnectionError({ cause: e as Error });
  }
  const text = raw.toString('utf8');
  // As the SDK: JSON when the server says so (a parse error is a malformed answer), else the text itself.
  return /json/i.test(String(o.headers['content-type'] ?? '')) ? JSON.parse(text) : text;
}

/** The event stream read as it arrives into a non-streamed answer; a timeout, reset or cut rejects. */
function readEvents(o: OpenResponse): Promise<unknown> {
  const reader = createSseCompletionReader();
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      o.cancel();
      reject(o.failure() ?? e);
    };
    o.read({
      data(b) {
        if (settled) return;
        try {
          reader.push(b);
        } catch (e) {
          fail(e);
        }
      },
      end() {
        if (settled) return;
        try {
          settled = true;
          resolve(reader.end());
        } catch (e) {
          reject(e);
        }
      },
      error: fail,
    });
  });
}

/** The SDK's error for an HTTP status (its body read whole, or the reason it could not be). */
async function statusError(o: OpenResponse, status: number): Promise<Error> {
  const text = await readWholeBody(o).then(
    (b) => b.toString('utf8'),
    (e: Error) => e.message,
  );
  return sdkStatusError(status, text, toHeaders(o.headers));
}
