import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { urlToHttpOptions } from 'node:url';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

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

/** The whole attempt ran past its `deadlineMs` (the caller reports it as the SDK's connection timeout). */
export class AttemptDeadlineError extends Error {
  constructor(ms: number) {
    super(`no complete answer within ${seconds(ms)} s (attempt timeout)`);
  }
}

export interface SendInit {
  method: string;
  headers: Record<string, string>;
  body: string | Buffer | null;
  signal?: AbortSignal;
  /**
   * The attempt's deadline: the request is destroyed with an AttemptDeadlineError when it runs over. Cheaper than
   * an AbortSignal, which node:http follows with an abort listener and an end-of-stream watcher per request.
   */
  deadlineMs?: number;
}

/** An open response: its body still to read, and the timeout (if any) that ended it early. */
export interface OpenResponse {
  res: IncomingMessage;
  /** Whether the body is handed over as it arrives (an SSE stream, or Ollama's NDJSON stream). */
  streamed: boolean;
  failure(): HttpTimeoutError | AttemptDeadlineError | null;
  /** Stop reading (the caller gave up on the body). */
  cancel(): void;
}

const isEventStream = (type: string | undefined) => /^(text\/event-stream|application\/x-ndjson)\b/i.test(type ?? '');

/**
 * node:http with keep-alive agents and the three short timeouts: connect, first byte (headers of a JSON answer,
 * first chunk of a stream) and idle (silence while the body arrives). `read` is called at the response headers,
 * in the same tick, so its listeners miss no chunk; it answers what `open` resolves to. A failure before the
 * headers rejects, and a timeout after them destroys the response (`failure()` says which).
 */
export function createHttpTransport(maxSockets: number, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS) {
  // Every socket a run opened is kept for the next request: an agent otherwise keeps at most 256 idle ones
  // (maxFreeSockets) and closes the rest. Requests of a run come in waves (a run at concurrency 512 answered in
  // one piece frees hundreds of sockets in one tick), so a 20k-request run at 512 opened 1,360-1,719 connections
  // instead of 512: a TCP handshake each for the engine too, and a TLS one more on an https endpoint.
  const keep = { keepAlive: true, maxSockets, maxFreeSockets: maxSockets, scheduling: 'lifo' } as const;
  const agents = { 'http:': new Agent(keep), 'https:': new HttpsAgent(keep) };
  // Where a URL points, worked out once per URL object: reading a URL's parts costs more than the rest of a request.
  const targets = new WeakMap<URL, ReturnType<typeof urlToHttpOptions>>();
  function open<T>(url: URL, init: SendInit, read: (o: OpenResponse) => Promise<T> | T): Promise<T> {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    let target = targets.get(url);
    if (!target) targets.set(url, (target = urlToHttpOptions(url)));
    // Headers as a flat list: node:http then writes them as given instead of storing each with setHeader first. It
    // adds nothing to a list, so what it adds to an object is added here: the URL's Host (its port only when not the
    // default, as node:http writes it) and, from a URL's user:password, Basic auth unless the caller sent its own.
    const headers: string[] = ['host', url.host];
    for (const k in init.headers) headers.push(k, init.headers[k]!);
    if (target.auth && !Object.keys(init.headers).some((k) => k.toLowerCase() === 'authorization')) headers.push('authorization', `Basic ${Buffer.from(target.auth).toString('base64')}`);
    if (init.body !== null) headers.push('content-length', String(Buffer.byteLength(init.body)));
    return new Promise<T>((resolve, reject) => {
      let firstByte: NodeJS.Timeout | undefined;
      let idle: NodeJS.Timeout | undefined;
      let failure: HttpTimeoutError | AttemptDeadlineError | null = null;
      const fail = (e: HttpTimeoutError | AttemptDeadlineError) => req.destroy((failure ??= e));
      // The timer holds the number, not `init`: the request body must not live as long as the deadline.
      const { deadlineMs } = init;
      const deadline = deadlineMs === undefined ? undefined : setTimeout(() => fail(new AttemptDeadlineError(deadlineMs)), deadlineMs);
      // One idle timer per response, restarted by every chunk (a stream sends one per token).
      const armIdle = () => {
        if (idle) idle.refresh();
        else idle = setTimeout(() => fail(new HttpTimeoutError(`response body stalled for ${seconds(timeouts.idleMs)} s (idle timeout)`)), timeouts.idleMs);
      };
      // From the response on, its own close ends the deadline: the body is still the attempt's.
      let responded = false;
      const req = send({ ...target, method: init.method, headers, agent: agents[url.protocol as 'http:' | 'https:'], signal: init.signal }, (res: IncomingMessage) => {
        responded = true;
        const streamed = isEventStream(res.headers['content-type']);
        if (!streamed) {
          clearTimeout(firstByte);
          armIdle();
        }
        res.on('data', () => {
          clearTimeout(firstByte);
          armIdle();
        });
        res.on('close', () => {
          clearTimeout(idle);
          clearTimeout(firstByte);
          clearTimeout(deadline);
        });
        try {
          resolve(read({ res, streamed, failure: () => failure, cancel: () => req.destroy() }));
        } catch (e) {
          reject(e);
        }
      });
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        const t = setTimeout(() => fail(new HttpTimeoutError(`could not connect within ${seconds(timeouts.connectMs)} s (connect timeout)`)), timeouts.connectMs);
        socket.once('connect', () => clearTimeout(t));
        socket.once('close', () => clearTimeout(t));
      });
      req.on('finish', () => {
        firstByte = setTimeout(() => fail(new HttpTimeoutError(`no response within ${seconds(timeouts.firstByteMs)} s of sending (first-byte timeout)`)), timeouts.firstByteMs);
      });
      req.on('close', () => {
        clearTimeout(firstByte);
        if (!responded) clearTimeout(deadline);
      });
      req.on('error', reject);
      if (init.body !== null) req.end(init.body);
      else req.end();
    });
  }
  return { open };
}

export type HttpTransport = ReturnType<typeof createHttpTransport>;

/** A whole (non-streamed) body; rejects when it is cut short (fewer bytes than announced, or a reset). */
export function readWholeBody(o: OpenResponse): Promise<Buffer<ArrayBuffer>> {
  const { res } = o;
  return new Promise<Buffer<ArrayBuffer>>((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('error', (e) => reject(o.failure() ?? e));
    res.on('aborted', () => reject(o.failure() ?? new Error('response body cut short (connection closed)')));
    res.on('end', () => (res.complete ? resolve(Buffer.concat(chunks)) : reject(new Error('response body cut short'))));
  });
}
