import { Agent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * A minimal `fetch` on node:http with keep-alive agents, given to the openai SDK: for small JSON
 * request/response pairs it costs less CPU per request than the global (undici) fetch.
 * A JSON body is buffered whole, and a body cut short (fewer bytes than content-length, or a reset) rejects.
 * An event stream (`text/event-stream`, a streamed completion) is handed over as it arrives; a cut stream
 * errors its body.
 */
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

/** A connect, first-byte or idle timeout: the attempt failed on its own short clock. */
export class HttpTimeoutError extends Error {}

const seconds = (ms: number) => ms / 1000;
/** A body handed over as it arrives: an SSE stream, or Ollama's NDJSON stream (one JSON object per line). */
const isEventStream = (h: IncomingHttpHeaders) => /^(text\/event-stream|application\/x-ndjson)\b/i.test(h['content-type'] ?? '');

function toHeaders(h: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [k, v] of Object.entries(h)) {
    if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
    else if (v !== undefined) out.set(k, v);
  }
  return out;
}

/** The body of an event stream as it arrives; the first failure (timeout, reset, cut) errors it. */
function streamedBody(res: IncomingMessage, failure: () => Error | null, cancel: () => void): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(c) {
      const fail = (e: Error) => {
        if (!open) return;
        open = false;
        c.error(failure() ?? e);
      };
      res.on('data', (b: Buffer) => open && c.enqueue(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)));
      res.on('end', () => {
        if (!res.complete) return fail(new Error('response stream cut short'));
        if (open) (open = false), c.close();
      });
      res.on('error', fail);
      res.on('close', () => fail(new Error('response stream cut short (connection closed)')));
    },
    cancel,
  });
}

export function createHttpFetch(maxSockets: number, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): typeof fetch {
  const agents = {
    'http:': new Agent({ keepAlive: true, maxSockets, scheduling: 'lifo' }),
    'https:': new HttpsAgent({ keepAlive: true, maxSockets, scheduling: 'lifo' }),
  };
  const impl = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const body = init.body == null ? null : typeof init.body === 'string' ? init.body : Buffer.from(init.body as ArrayBuffer);
    if (body !== null) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise<Response>((resolve, reject) => {
      let firstByte: NodeJS.Timeout | undefined;
      let idle: NodeJS.Timeout | undefined;
      let failure: HttpTimeoutError | null = null;
      const fail = (message: string) => req.destroy((failure = new HttpTimeoutError(message)));
      const armIdle = () => {
        clearTimeout(idle);
        idle = setTimeout(() => fail(`response body stalled for ${seconds(timeouts.idleMs)} s (idle timeout)`), timeouts.idleMs);
      };
      const req = send(
        url,
        { method: init.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'], signal: init.signal ?? undefined },
        (res: IncomingMessage) => {
          const streamed = isEventStream(res.headers);
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
          });
          const status = res.statusCode ?? 500;
          const meta = { status, statusText: res.statusMessage ?? '', headers: toHeaders(res.headers) };
          if (streamed) {
            resolve(new Response(streamedBody(res, () => failure, () => req.destroy()), meta));
            return;
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('aborted', () => reject(new Error('response body cut short (connection closed)')));
          res.on('end', () => {
            if (!res.complete) return reject(new Error('response body cut short'));
            resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), meta));
          });
        },
      );
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        const t = setTimeout(() => fail(`could not connect within ${seconds(timeouts.connectMs)} s (connect timeout)`), timeouts.connectMs);
        socket.once('connect', () => clearTimeout(t));
        socket.once('close', () => clearTimeout(t));
      });
      req.on('finish', () => {
        firstByte = setTimeout(() => fail(`no response within ${seconds(timeouts.firstByteMs)} s of sending (first-byte timeout)`), timeouts.firstByteMs);
      });
      req.on('close', () => clearTimeout(firstByte));
      req.on('error', reject);
      if (body !== null) req.end(body);
      else req.end();
    });
  };
  return impl as typeof fetch;
}
