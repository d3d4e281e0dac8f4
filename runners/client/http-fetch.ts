import type { IncomingHttpHeaders } from 'node:http';
import { createHttpTransport, DEFAULT_HTTP_TIMEOUTS, readWholeBody, type HttpTimeouts, type HttpTransport, type OpenResponse } from './http-transport.ts';

/**
 * A minimal `fetch` on the runner's transport (keep-alive pools, short timeouts), for Ollama's
 * /api/generate (ollama-generate.ts).
 * A JSON body is buffered whole, and a body cut short (fewer bytes than content-length, or a reset) rejects.
 * An event stream (`text/event-stream`, a streamed completion) is handed over as it arrives; a cut stream
 * errors its body.
 */
export function toHeaders(h: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [k, v] of Object.entries(h)) {
    if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
    else if (v !== undefined) out.set(k, v);
  }
  return out;
}

/** The body of an event stream as it arrives; the first failure (timeout, reset, cut) errors it. */
function streamedBody(o: OpenResponse): ReadableStream<Uint8Array> {
  let open = true;
  return new ReadableStream<Uint8Array>({
    start(c) {
      o.read({
        data: (b) => open && c.enqueue(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)),
        end: () => open && ((open = false), c.close()),
        error: (e) => open && ((open = false), c.error(o.failure() ?? e)),
      });
    },
    cancel: () => o.cancel(),
  });
}

export function createHttpFetch(maxSockets: number, timeouts: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS, transport: HttpTransport = createHttpTransport(maxSockets, timeouts)): typeof fetch {
  const impl = (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => (headers[k] = v));
    const body = init.body == null ? null : typeof init.body === 'string' ? init.body : Buffer.from(init.body as ArrayBuffer);
    // A caller's body limit travels as an extra field of the init (Ollama's answers, ollama-generate.ts).
    const { maxBodyBytes } = init as { maxBodyBytes?: number };
    return transport.open(url, { method: init.method ?? 'GET', headers, body, signal: init.signal ?? undefined, maxBodyBytes }, async (o) => {
      const { status } = o;
      const meta = { status, statusText: o.statusText, headers: toHeaders(o.headers) };
      if (o.streamed) return new Response(streamedBody(o), meta);
      const whole = await readWholeBody(o);
      return new Response(status === 204 || status === 304 ? null : whole, meta);
    });
  };
  return impl as typeof fetch;
}
