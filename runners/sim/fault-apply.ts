import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimContext } from './context.ts';
import type { FaultKind } from './faults.ts';
import { errorBody, sendJson, sleep } from './http-io.ts';
import { countRoute } from './stats.ts';

/**
 * vLLM's answer when a generation fails (finish_reason "error", GenerationError "Internal server error", status 500:
 * vllm/entrypoints/openai/engine/serving.py at 619e4b31da7791a6ea4f6724fe45b54556b5a8fa): the body of a 500, or, once
 * a stream has started, an event before `data: [DONE]` (completion_stream_generator, completion/serving.py at cc139d8e).
 */
export const GENERATION_ERROR = { error: { message: 'Internal server error', type: 'InternalServerError', param: null, code: 500 } };

/** Keep a response open without a byte more until the client gives up (or the simulator closes). */
export function hold(ctx: SimContext, res: ServerResponse): void {
  ctx.hanging.add(res);
  res.on('close', () => ctx.hanging.delete(res));
}

/**
 * Apply a drawn fault that replaces the answer (500, 429, reset, hang); true when the request was consumed by it.
 * The others spoil a generated answer and are applied by `sendSpoiled`.
 */
export async function consumeByFault(ctx: SimContext, kind: FaultKind | null, route: string, req: IncomingMessage, res: ServerResponse, streamed: boolean): Promise<boolean> {
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
    case 'gen_error':
      // A stream carries it inside (stream-route.ts).
      if (streamed) return false;
      await sleep(opts.latencyMs);
      countRoute(stats, route, kind);
      sendJson(res, 500, GENERATION_ERROR);
      return true;
    case 'stall_first':
    case 'hang':
      // A stream stalls after its headers (stream-route.ts); a non-streamed answer sends nothing before the end.
      if (kind === 'stall_first' && streamed) return false;
      countRoute(stats, route, kind);
      hold(ctx, res);
      return true;
    default:
      return false;
  }
}

/**
 * Send a spoiled JSON answer: `malformed` (half the JSON, complete by length), `truncated` and `no_done` (cut by a
 * reset), `stall_mid` (half the body, then silence); false for other kinds.
 */
export function sendSpoiled(ctx: SimContext, kind: FaultKind | null, route: string, res: ServerResponse, text: string): boolean {
  if (kind === 'malformed') {
    countRoute(ctx.stats, route, 'malformed');
    const bad = text.slice(0, Math.floor(text.length / 2));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(bad) });
    res.end(bad);
    return true;
  }
  if (kind === 'truncated' || kind === 'no_done' || kind === 'stall_mid') {
    countRoute(ctx.stats, route, kind);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.write(text.slice(0, Math.floor(text.length / 2)));
    if (kind === 'stall_mid') hold(ctx, res);
    else setImmediate(() => res.socket?.destroy());
    return true;
  }
  return false;
}
