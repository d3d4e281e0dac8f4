import type { IncomingMessage, ServerResponse } from 'node:http';
import { completionRoute } from './completion-route.ts';
import type { SimContext } from './context.ts';
import { errorBody, readBody, sendJson } from './http-io.ts';
import { ollamaGenerateRoute } from './ollama-route.ts';
import { loadingAnswer } from './loading.ts';
import { modelList } from './served-names.ts';
import { countRoute } from './stats.ts';
import { engineApiRoute } from './tokenize-route.ts';

/** Parse a JSON object body; null (after answering 400) when it is not one. */
async function jsonBody(ctx: SimContext, route: string, req: IncomingMessage, res: ServerResponse): Promise<Record<string, unknown> | null> {
  try {
    const parsed = JSON.parse(await readBody(req)) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('body must be a JSON object');
    return parsed as Record<string, unknown>;
  } catch (e) {
    countRoute(ctx.stats, route, '400');
    sendJson(res, 400, errorBody(`invalid request body: ${(e as Error).message}`, 'invalid_request_error'));
    return null;
  }
}

/** Every route of the simulator: the OpenAI ones and the /sim/ ones tests read and reset. */
export async function route(ctx: SimContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { stats } = ctx;
  ctx.delivery.confirmRead(req.socket);
  const path = (req.url ?? '/').split('?')[0]!;
  stats.requests++;
  if (loadingAnswer(ctx, req.method, path, res)) return;
  if (req.method === 'GET' && path === '/v1/models') {
    countRoute(stats, path, '200');
    sendJson(res, 200, modelList(ctx));
    return;
  }
  if (req.method === 'GET' && path === '/sim/stats') {
    // ?keys=0 leaves out the per-key map: cheap enough to poll while a run is going on.
    sendJson(res, 200, /[?&]keys=0\b/.test(req.url ?? '') ? { requests: stats.requests, routes: stats.routes } : stats);
    return;
  }
  if (req.method === 'GET' && path === '/sim/judge-requests') {
    sendJson(res, 200, { requests: ctx.judgeRequests });
    return;
  }
  if (req.method === 'POST' && path === '/sim/reset') {
    ctx.judgeRequests.length = 0;
    stats.requests = 0;
    stats.routes = {};
    stats.completed = {};
    stats.streamed = 0;
    sendJson(res, 200, { ok: true });
    return;
  }
  if (req.method === 'POST' && (path === '/v1/completions' || path === '/v1/chat/completions')) {
    const body = await jsonBody(ctx, path, req, res);
    if (body) await completionRoute(ctx, path, body, req, res);
    return;
  }
  if (req.method === 'POST' && path === '/api/generate') {
    const body = await jsonBody(ctx, path, req, res);
    if (body) await ollamaGenerateRoute(ctx, body, req, res);
    return;
  }
  if (await engineApiRoute(ctx, req, res, path)) return;
  countRoute(stats, path, '404');
  sendJson(res, 404, errorBody(`no route ${req.method} ${path}`, 'not_found'));
}
