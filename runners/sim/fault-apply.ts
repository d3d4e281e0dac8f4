import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimContext } from './context.ts';
import type { FaultKind } from './faults.ts';
import { errorBody, sendJson, sleep } from './http-io.ts';
import { countRoute } from './stats.ts';

/**
 * Apply a drawn fault that replaces the answer (500, 429, reset, hang); true when the request was consumed by it.
 * The others spoil a generated answer and are applied by `sendSpoiled`.
 */
export async function consumeByFault(ctx: SimContext, kind: FaultKind | null, route: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const { opts, stats } = ctx;
  switch (kind) {
    case '500':
      await sleep(opts.latencyMs / 2);
      countRoute(stats, route, '500');
      sendJson(res, 500, errorBody('simulated internal error', 'server_error'));
      return true;
    case '429':
      countRoute(stats, route, '429');
      sendJson(res, 429, errorBody('simulated rate limit', 'rate_limit_error'), {
        'retry-after-ms': String(opts.retryAfterMs),
        'retry-after': String(Math.max(1, Math.ceil(opts.retryAfterMs / 1000))),
      });
      return true;
    case 'reset':
      await sleep(opts.latencyMs / 2);
      countRoute(stats, route, 'reset');
      req.socket.destroy();
      return true;
    case 'hang':
      countRoute(stats, route, 'hang');
      ctx.hanging.add(res);
      res.on('close', () => ctx.hanging.delete(res));
      return true;
    default:
      return false;
  }
}

/** Send a spoiled JSON answer for `malformed` (half the JSON, complete by length) or `truncated` (cut by a reset); false for other kinds. */
export function sendSpoiled(ctx: SimContext, kind: FaultKind | null, route: string, res: ServerResponse, text: string): boolean {
  if (kind === 'malformed') {
    countRoute(ctx.stats, route, 'malformed');
    const bad = text.slice(0, Math.floor(text.length / 2));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(bad) });
    res.end(bad);
    return true;
  }
  if (kind === 'truncated') {
    countRoute(ctx.stats, route, 'truncated');
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.write(text.slice(0, Math.floor(text.length / 2)));
    setImmediate(() => res.socket?.destroy());
    return true;
  }
  return false;
}
