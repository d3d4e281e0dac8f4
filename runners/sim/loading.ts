import type { ServerResponse } from 'node:http';
import type { SimContext } from './context.ts';
import { sendJson } from './http-io.ts';
import { countRoute } from './stats.ts';

/**
 * llama.cpp's loading phase (tools/server/server-http.cpp, its server-state middleware): the server listens before
 * the model is loaded; meanwhile /v1/models (and /models, /api/tags) answer as usual, listing the model, while every
 * other route, /health and /v1/health included, answers 503 "Loading model". Once loaded, /health answers
 * {"status":"ok"}. vLLM, SGLang and TGI instead open their port only once loaded: a port nobody listens on yet.
 */
const LOADING_BODY = { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } };
const MODEL_LISTS = new Set(['/v1/models', '/models', '/api/tags']);
const HEALTH = new Set(['/health', '/v1/health']);

/** Answer a request the loading phase or the health route decides; false when the request goes on to its route. */
export function loadingAnswer(ctx: SimContext, method: string | undefined, path: string, res: ServerResponse): boolean {
  const loading = performance.now() < ctx.readyAt;
  if (loading && !MODEL_LISTS.has(path) && !path.startsWith('/sim/')) {
    countRoute(ctx.stats, path, '503');
    sendJson(res, 503, LOADING_BODY);
    return true;
  }
  if (method === 'GET' && HEALTH.has(path)) {
    countRoute(ctx.stats, path, '200');
    sendJson(res, 200, { status: 'ok' });
    return true;
  }
  return false;
}
