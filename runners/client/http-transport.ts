import type { IncomingHttpHeaders } from 'node:http';
import type { Transform } from 'node:stream';
import { urlToHttpOptions } from 'node:url';
import { Agent } from 'undici';
import { bodyDecoder } from './content-decoding.ts';

export interface HttpTimeouts {
  /** TCP (and TLS) connection set-up. */
  connectMs: number;
  /**
   * From the request sent to the first byte of the answer: the response headers of a JSON answer, the first
   * chunk of an event stream (vLLM and SGLang send a stream's headers at once, before the request is scheduled).
   */
  firstByteMs: number;
  /** Longest silence while the response body is arriving (between two chunks of a stream). */
  idleMs: number;
}

/**
 * Defaults for a streamed completion. First byte 120 s: a streamed answer's first chunk comes after the request
 * is scheduled and its prompt prefilled, and on a busy engine a request can wait in the queue for minutes; a
 * hung server still costs 2 minutes per attempt instead of the 10 of the whole attempt timeout. Idle 60 s:
 * between two chunks an engine only decodes one step (milliseconds, seconds when preempted), so a minute of
 * silence is a stall. Connect 10 s: a host that does not answer the TCP handshake is down or unreachable.
 * A non-streamed completion sends nothing until it is generated: its first-byte timeout is the attempt timeout.
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { connectMs: 10_000, firstByteMs: 120_000, idleMs: 60_000 };

const seconds = (ms: number) => ms / 1000;

/** A connect, first-byte or idle timeout: the attempt failed on its own short clock. */
export class HttpTimeoutError extends Error {}

/** The connect timeout: the host did not take the connection, so it was not reached at all (endpoint-holds.ts). */
export class ConnectTimeoutError extends HttpTimeoutError {}

/** The whole attempt ran past its `deadlineMs` (the caller reports it as the SDK's connection timeout). */
export class AttemptDeadlineError extends Error {
  constructor(ms: number) {
    super(`no complete answer within ${seconds(ms)} s (attempt timeout)`);
  }
}

/**
 * A response body over its request's limit: refused, and not retried (a server that sends more than any answer of
 * the request's max_tokens can take is not having a transient fault). Without a limit a server streaming forever
 * grew each answer until V8's string limit: a review saw six such streams take 2.6 GB.
 */
export class ResponseTooLargeError extends Error {}

/** The body limit of a request that names none: far above any answer, low enough to bound memory. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 2 ** 20;

export interface SendInit {
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | null;
  signal?: AbortSignal;
  /** The attempt's deadline: the request is aborted with an AttemptDeadlineError when it runs over. */
  deadlineMs?: number;
  /** The most bytes the response body may have (default DEFAULT_MAX_BODY_BYTES); past it, a ResponseTooLargeError. */
  maxBodyBytes?: number;
}

/** Where a response's body goes: each piece as it arrives, then its end or its first failure (one of the two). */
export interface BodySink {
  data(piece: Buffer): void;
  end(): void;
  error(e: Error): void;
}

/** An open response: its status and headers, its body still to read, and the timeout (if any) that ended it early. */
export interface OpenResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  /** Whether the body is handed over as it arrives (an SSE stream, or Ollama's NDJSON stream). */
  streamed: boolean;
  /** Starts handing the body to `sink` (pieces that came before are handed over at once). */
  read(sink: BodySink): void;
  failure(): HttpTimeoutError | AttemptDeadlineError | ResponseTooLargeError | null;
  /** Stop reading (the caller gave up on the body). */
  cancel(): void;
}

const isEventStream = (type: string | string[] | undefined) => /^(text\/event-stream|application\/x-ndjson)\b/i.test(String(type ?? ''));

/** After the headers, the connection ended before the whole body came: closed, reset, or fewer bytes than announced. */
const CUT_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH']);

/** What undici's controller gives a handler: only abort is used. */
interface Controller {
  abort(reason: Error): void;
}

// Timer callbacks get the exchange as their argument: no closure per timer and request.
const onDeadline = (x: Exchange) => x.fail(new AttemptDeadlineError(x.deadlineMs!));
const onFirstByte = (x: Exchange) => x.fail(new HttpTimeoutError(`no response within ${seconds(x.timeouts.firstByteMs)} s of sending (first-byte timeout)`));
const onIdle = (x: Exchange) => x.fail(new HttpTimeoutError(`response body stalled for ${seconds(x.timeouts.idleMs)} s (idle timeout)`));

/**
 * One request and its response: undici's handler for it and, from the headers on, the OpenResponse its reader gets.
 * One object per request, not a closure per callback: a request lives for the whole of an engine's latency, so what
 * it allocates outlives the young generation and is promoted (issue 16: the garbage collector's work).
 */
class Exchange implements OpenResponse {
  status = 0;
  statusText = '';
  headers: IncomingHttpHeaders = {};
  streamed = false;
  private controller: Controller | null = null;
  /** Why the request was aborted before undici gave it a controller. */
  private earlyAbort: Error | null = null;
  private failed: HttpTimeoutError | AttemptDeadlineError | ResponseTooLargeError | null = null;
  /** Body bytes so far, against the request's limit. */
  private received = 0;
  private readonly maxBodyBytes: number;
  private responded = false;
  /** The response's content-encoding decoder (a proxy that compresses unasked), and whether any byte went in. */
  private decoder: Transform | null = null;
  private encodedBytes = false;
  private sink: BodySink | null = null;
  /** Pieces that came before the reader asked for the body, and how it ended if it ended before. */
  private early: Buffer[] | null = null;
  private outcome: { error: Error | null } | null = null;
  private settled = false;
  /** The caller's AbortSignal (the fetch path) and what listens to it, removed when the exchange is over. */
  private signal: AbortSignal | null = null;
  private onAbort: (() => void) | null = null;
  private deadline: NodeJS.Timeout | undefined;
  private firstByte: NodeJS.Timeout | undefined;
  private idle: NodeJS.Timeout | undefined;

  readonly timeouts: HttpTimeouts;
  readonly deadlineMs: number | undefined;
  private readonly reader: (o: OpenResponse) => unknown;
  private readonly resolve: (v: unknown) => void;
  private readonly reject: (e: unknown) => void;

  constructor(timeouts: HttpTimeouts, deadlineMs: number | undefined, maxBodyBytes: number, reader: (o: OpenResponse) => unknown, resolve: (v: unknown) => void, reject: (e: unknown) => void) {
    this.timeouts = timeouts;
    this.deadlineMs = deadlineMs;
    this.maxBodyBytes = maxBodyBytes;
    this.reader = reader;
    this.resolve = resolve;
    this.reject = reject;
    if (deadlineMs !== undefined) this.deadline = setTimeout(onDeadline, deadlineMs, this);
  }

  /**
   * Ends the exchange with `e`. Before undici has put the request on a connection (queued, or connecting) the attempt
   * is over at once, and undici drops the request when it gets to it.
   */
  abort(e: Error): void {
    if (this.controller) return this.controller.abort(e);
    this.earlyAbort ??= e;
    this.settle(e);
  }

  /** Ends the exchange when the caller's signal aborts (the fetch path); the listener goes when the exchange ends. */
  follow(signal: AbortSignal): void {
    if (signal.aborted) return this.abort(signal.reason as Error);
    this.signal = signal;
    this.onAbort = () => this.abort(signal.reason as Error);
    signal.addEventListener('abort', this.onAbort, { once: true });
  }

  fail(e: HttpTimeoutError | AttemptDeadlineError | ResponseTooLargeError): void {
    this.abort((this.failed ??= e));
  }

  // OpenResponse
  read(sink: BodySink): void {
    this.sink = sink;
    if (this.early) for (const piece of this.early) sink.data(piece);
    this.early = null;
    if (this.outcome) this.deliver(this.outcome.error);
  }
  failure(): HttpTimeoutError | AttemptDeadlineError | ResponseTooLargeError | null {
    return this.failed;
  }
  cancel(): void {
    this.abort(new Error('response cancelled'));
  }

  // undici's handler
  onRequestStart(c: Controller): void {
    this.controller = c;
    if (this.earlyAbort) c.abort(this.earlyAbort);
  }
  /** The whole request is written: from now on the server owes its first byte. */
  onRequestSent(): void {
    if (!this.responded) this.firstByte = setTimeout(onFirstByte, this.timeouts.firstByteMs, this);
  }
  onResponseStart(_c: Controller, status: number, headers: IncomingHttpHeaders, statusText: string | undefined): void {
    // An informational answer (103 Early Hints, …) comes before the real one, as node:http let it.
    if (status < 200) return;
    this.responded = true;
    this.status = status;
    this.statusText = statusText ?? '';
    this.headers = headers;
    this.streamed = isEventStream(headers['content-type']);
    // A JSON answer's first byte is its headers; a stream's is its first chunk (still owed when the server answered
    // before the request was all sent).
    if (!this.streamed) this.bodyStarted();
    else this.firstByte ??= setTimeout(onFirstByte, this.timeouts.firstByteMs, this);
    try {
      this.resolve(this.reader(this));
    } catch (e) {
      this.reject(e);
    }
    if (headers['content-encoding'] !== undefined) this.decodeBody(headers['content-encoding']);
  }
  onResponseData(_c: Controller, piece: Buffer): void {
    if (this.failed || this.settled) return;
    if (this.decoder) {
      // Silence is timed on the bytes as they come; the limit on what they decode to (a small gzip can be huge).
      this.encodedBytes = true;
      this.bodyStarted();
      this.decoder.write(piece);
      return;
    }
    this.accept(piece);
  }
  /** A piece of the body as the reader gets it, counted against the limit. */
  private accept(piece: Buffer): void {
    if (this.failed || this.settled) return;
    this.received += piece.length;
    if (this.received > this.maxBodyBytes) {
      const e = new ResponseTooLargeError(`response body over ${this.maxBodyBytes} bytes, more than any answer of the request's max_tokens can take: refused`);
      // A decoder may give out its last bytes after the transfer ended, when an abort would reach nobody.
      if (!this.decoder) return this.fail(e);
      return this.quit((this.failed = e));
    }
    this.bodyStarted();
    if (this.sink) this.sink.data(piece);
    else (this.early ??= []).push(piece);
  }
  onResponseEnd(): void {
    // An encoded body ends when its decoder has given out the last of it; an empty one has nothing to decode.
    if (this.decoder && this.encodedBytes) this.decoder.end();
    else this.settle(null);
  }
  onResponseError(_c: Controller, e: Error): void {
    const code = (e as { code?: string }).code ?? '';
    if (this.failed) return this.settle(this.failed);
    if (code === 'UND_ERR_CONNECT_TIMEOUT') return this.settle(new ConnectTimeoutError(`could not connect within ${seconds(this.timeouts.connectMs)} s (connect timeout)`));
    if (!this.responded) return this.settle(beforeHeaders(e));
    this.settle(CUT_CODES.has(code) ? new Error(`response ${this.streamed ? 'stream' : 'body'} cut short (connection closed)`) : e);
  }

  private decodeBody(encoding: string | string[]): void {
    const d = bodyDecoder(encoding);
    if (d === null) return;
    if (typeof d === 'string') return this.quit(new Error(d));
    this.decoder = d;
    d.on('data', (b: Buffer) => this.accept(b));
    d.on('end', () => this.settle(null));
    d.on('error', (e: Error) => this.quit(new Error(`response ${this.streamed ? 'stream' : 'body'} cut short or corrupt (content-encoding ${String(encoding)}: ${e.message})`)));
  }
  /** Ends the exchange with `e` after its headers (the reader gets `e`), and stops the transfer if it is still on. */
  private quit(e: Error): void {
    this.settle(e);
    this.controller?.abort(e);
  }

  /** The first byte came: the first-byte timer gives way to the idle one, restarted by every piece. */
  private bodyStarted(): void {
    if (this.firstByte) {
      clearTimeout(this.firstByte);
      this.firstByte = undefined;
    }
    if (this.idle) this.idle.refresh();
    else this.idle = setTimeout(onIdle, this.timeouts.idleMs, this);
  }
  private settle(error: Error | null): void {
    if (this.settled) return;
    this.settled = true;
    this.decoder?.destroy();
    if (this.onAbort) this.signal!.removeEventListener('abort', this.onAbort);
    clearTimeout(this.deadline);
    clearTimeout(this.firstByte);
    clearTimeout(this.idle);
    if (!this.responded) return this.reject(error ?? new Error('no response'));
    if (this.sink) this.deliver(error);
    else this.outcome = { error };
  }
  private deliver(error: Error | null): void {
    if (error) this.sink!.error(error);
    else this.sink!.end();
  }
}

/**
 * Undici's dispatcher (the HTTP/1.1 client inside Node's fetch) with keep-alive pools and the three short timeouts:
 * connect, first byte (headers of a JSON answer, first chunk of a stream) and idle (silence while the body arrives).
 * Why undici and not node:http: alternated, each run in its own process, 20k requests at concurrency 512 (2026-11-26),
 * a whole run spent 0.441 against 0.489 ms of CPU per request with answers written at once and 0.725 against 0.854 ms
 * with streams paced at 20 ms a token (10% and 15% less). A response's pieces come to a method of one object per
 * request (Exchange), with no ClientRequest, IncomingMessage or Readable stream. `read` is called at the response
 * headers, in the same tick; it answers what `open` resolves to. A failure before the headers rejects (a timeout with
 * its HttpTimeoutError or AttemptDeadlineError), one after them goes to the body's sink (`failure()` says which
 * timeout).
 */
export function createHttpTransport(maxSockets: number, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS) {
  // HTTP/1.1 only (undici would offer HTTP/2 to a TLS endpoint): one request per connection, `maxSockets` of them
  // per origin, kept between requests. Undici's own header and body timeouts are off: first byte and idle are the
  // runner's (a stream's first chunk may come long after its headers, which vLLM and SGLang send at once). The connect
  // timeout is undici's, whose timers tick about once a second.
  const agent = new Agent({ connections: maxSockets, pipelining: 1, allowH2: false, headersTimeout: 0, bodyTimeout: 0, connect: { timeout: timeouts.connectMs } });
  // What a URL's user:password becomes, worked out once per URL object.
  const basic = new WeakMap<URL, string | null>();
  function basicAuth(url: URL): string | null {
    let b = basic.get(url);
    if (b === undefined) {
      const { auth } = urlToHttpOptions(url);
      basic.set(url, (b = auth ? `Basic ${Buffer.from(auth).toString('base64')}` : null));
    }
    return b;
  }
  function open<T>(url: URL, init: SendInit, read: (o: OpenResponse) => Promise<T> | T): Promise<T> {
    // Headers as a flat list. The URL's user:password becomes Basic auth unless the caller sent its own.
    const headers: string[] = [];
    for (const k in init.headers) headers.push(k, init.headers[k]!);
    const auth = basicAuth(url);
    if (auth !== null && !Object.keys(init.headers).some((k) => k.toLowerCase() === 'authorization')) headers.push('authorization', auth);
    return new Promise<T>((resolve, reject) => {
      const x = new Exchange(timeouts, init.deadlineMs, init.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, read, resolve as (v: unknown) => void, reject);
      if (init.signal) x.follow(init.signal);
      agent.dispatch({ origin: url.origin, path: url.pathname + url.search, method: init.method, headers, body: init.body }, x as never);
    });
  }
  return { open };
}

/**
 * Undici's socket errors before the response, as the retry classifier's reason reads them: a connection closed by
 * the server is ECONNRESET (as node:http reported it); one undici closed because the answer broke HTTP/1.1 (an
 * unsolicited 100 Continue, say) says so. Any other error is undici's own (a refused connection keeps the system's
 * code, ECONNREFUSED).
 */
function beforeHeaders(e: Error): Error {
  if ((e as { code?: string }).code !== 'UND_ERR_SOCKET') return e;
  if (e.message === 'other side closed' || e.message === 'closed') return Object.assign(new Error('connection closed before the response (socket hang up)', { cause: e }), { code: 'ECONNRESET' });
  return new Error(`the server's answer is not valid HTTP/1.1 (${e.message})`, { cause: e });
}

export type HttpTransport = ReturnType<typeof createHttpTransport>;

/** A whole (non-streamed) body; rejects when it is cut short (fewer bytes than announced, or a reset). */
export function readWholeBody(o: OpenResponse): Promise<Buffer<ArrayBuffer>> {
  return new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    const chunks: Buffer[] = [];
    o.read({
      data: (c) => chunks.push(c),
      end: () => resolve(Buffer.concat(chunks)),
      error: (e) => reject(o.failure() ?? e),
    });
  });
}
