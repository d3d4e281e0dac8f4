import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestKey } from '../cache/key.ts';
import { answer, payloadOf } from './answer.ts';
import type { SimContext } from './context.ts';
import { consumeByFault, sendSpoiled } from './fault-apply.ts';
import { errorBody, sendJson, sleep } from './http-io.ts';
import { countRoute } from './stats.ts';

/** POST /v1/completions and /v1/chat/completions: draw a fault, answer, wait the latency, deliver. */
export async function completionRoute(ctx: SimContext, route: string, body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const kind = ctx.nextFault();
  if (await consumeByFault(ctx, kind, route, req, res)) return;
  const a = await answer(ctx, route, body);
  if (a.kind === 'refused') {
    countRoute(ctx.stats, route, String(a.status));
    sendJson(res, a.status, errorBody(a.message, 'invalid_request_error'));
    return;
  }
  await sleep(ctx.opts.latencyMs);
  if (res.destroyed) return;
  // A client that died (kill -9 closes its socket) never receives the answer: not a completion.
  if (req.socket.readableEnded || req.socket.destroyed) {
    countRoute(ctx.stats, route, 'client_gone');
    res.destroy();
    return;
  }
  const text = JSON.stringify(payloadOf(a));
  if (sendSpoiled(ctx, kind, route, res, text)) return;
  const key = requestKey(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text, () => ctx.delivery.delivered(req.socket, key, route));
}
