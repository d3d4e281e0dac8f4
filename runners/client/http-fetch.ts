import { Agent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/**
 * A minimal `fetch` on node:http with keep-alive agents, given to the openai SDK: for small JSON
 * request/response pairs it costs less CPU per request than the global (undici) fetch.
 * It buffers the whole body, and a body cut short (fewer bytes than content-length, or a reset) rejects.
 */
export interface HttpTimeouts {
  /** TCP (and TLS) connection set-up. */
  connectMs: number;
  /** From the request sent to the response headers (a non-streamed completion answers only when generated). */
  firstByteMs: number;
  /** Longest silence while the response body is arriving. */
  idleMs: number;
}

/** Defaults: an unreachable host fails in 10 s and a stalled body in 60 s, not after the whole attempt timeout. */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { connectMs: 10_000, firstByteMs: 600_000, idleMs: 60_000 };

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
      const req = send(
        url,
        { method: init.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'], signal: init.signal ?? undefined },
        (res: IncomingMessage) => {
          clearTimeout(firstByte);
          const chunks: Buffer[] = [];
          let idle = setTimeout(() => req.destroy(new Error(`response body stalled for ${timeouts.idleMs / 1000} s (idle timeout)`)), timeouts.idleMs);
          const done = () => clearTimeout(idle);
          res.on('close', done);
          res.on('data', (c: Buffer) => {
            chunks.push(c);
            clearTimeout(idle);
            idle = setTimeout(() => req.destroy(new Error(`response body stalled for ${timeouts.idleMs / 1000} s (idle timeout)`)), timeouts.idleMs);
          });
          res.on('error', reject);
          res.on('aborted', () => reject(new Error('response body cut short (connection closed)')));
          res.on('end', () => {
            if (!res.complete) return reject(new Error('response body cut short'));
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (Array.isArray(v)) v.forEach((x) => out.append(k, x));
              else if (v !== undefined) out.set(k, v);
            }
            const status = res.statusCode ?? 500;
            const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(payload, { status, statusText: res.statusMessage ?? '', headers: out }));
          });
        },
      );
      let firstByte: NodeJS.Timeout | undefined;
      req.on('socket', (socket) => {
        if (!socket.connecting) return;
        const t = setTimeout(() => req.destroy(new Error(`could not connect within ${timeouts.connectMs / 1000} s (connect timeout)`)), timeouts.connectMs);
        socket.once('connect', () => clearTimeout(t));
        socket.once('close', () => clearTimeout(t));
      });
      req.on('finish', () => {
        firstByte = setTimeout(() => req.destroy(new Error(`no response within ${timeouts.firstByteMs / 1000} s of sending (first-byte timeout)`)), timeouts.firstByteMs);
      });
      req.on('close', () => clearTimeout(firstByte));
      req.on('error', reject);
      if (body !== null) req.end(body);
      else req.end();
    });
  };
  return impl as typeof fetch;
}
