import type { ServerResponse } from 'node:http';
import type { SimContext, SimOptions } from './context.ts';
import { sendJson } from './http-io.ts';
import { countRoute } from './stats.ts';

/**
 * What an engine shows between opening its port and being ready, as the simulator imitates it.
 *
 * llama.cpp's loading phase (tools/server/server-http.cpp, its server-state middleware): the server listens before
 * the model is loaded; meanwhile /v1/models (and /models, /api/tags) answer as usual, listing the model, while every
 * other route, /health and /v1/health included, answers 503 "Loading model". Once loaded, /health answers
 * {"status":"ok"}. vLLM and TGI answer GET /health with a bare 200 (no /v1/health); Ollama has no health route.
 *
 * SGLang's warm-up (python/sglang/srt/entrypoints/http_server.py, sgl-project/sglang at 0025436e): the model is
 * loaded before the port opens (launch_server runs _launch_subprocesses, which waits for every scheduler's "ready",
 * before uvicorn); a warm-up thread then sends one /generate and only after it sets the status from Starting to Up.
 * Meanwhile GET /health and /health_generate answer a bare 503 (Response(status_code=503): no body, no content type),
 * and nothing else looks at the status: /v1/models lists the model and completions are served. Once up, both answer
 * a bare 200. SGLang has no /v1/health.
 *
 * vLLM and TGI open their port only once loaded: a port nobody listens on yet. TGI's router
 * (huggingface/text-generation-inference at db931fcf) warms the model up in connect_backend
 * (backends/v3/src/lib.rs) before server::run (backends/v3/src/main.rs) binds its TcpListener (router/src/server.rs).
 */
const LOADING_BODY = { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } };
const MODEL_LISTS = new Set(['/v1/models', '/models', '/api/tags']);
const HEALTH = new Set(['/health', '/v1/health']);
const SGLANG_HEALTH = new Set(['/health', '/health_generate']);

/** How long after it starts the simulator shows its engine's phase before ready (--loading-ms, --warmup-ms). */
export const startingMs = (opts: SimOptions): number => (opts.engine === 'sglang' ? (opts.warmupMs ?? 0) : (opts.loadingMs ?? 0));

/** An answer with no body and no content type, as a bare Starlette Response(status_code=…) sends it. */
function sendBare(res: ServerResponse, status: number): void {
  res.writeHead(status, { 'content-length': 0 });
  res.end();
}

/** Answer a request the phase before ready or the health route decides; false when the request goes on to its route. */
export function loadingAnswer(ctx: SimContext, method: string | undefined, path: string, res: ServerResponse): boolean {
  const starting = performance.now() < ctx.readyAt;
  if (ctx.opts.engine === 'sglang') {
    if (method !== 'GET' || !SGLANG_HEALTH.has(path)) return false;
    const status = starting ? 503 : 200;
    countRoute(ctx.stats, path, String(status));
    sendBare(res, status);
    return true;
  }
  if (starting && !MODEL_LISTS.has(path) && !path.startsWith('/sim/')) {
    countRoute(ctx.stats, path, '503');
    sendJson(res, 503, LOADING_BODY);
    return true;
  }
  if (method !== 'GET' || !HEALTH.has(path)) return false;
  if (ctx.opts.engine === 'llamacpp') {
    countRoute(ctx.stats, path, '200');
    sendJson(res, 200, { status: 'ok' });
    return true;
  }
  // vLLM (and the ideal engine, which answers as vLLM does) and TGI: GET /health is a bare 200 and there is no
  // /v1/health (vllm/entrypoints/serve/instrumentator/health.py, docs/runner.md "vLLM"; TGI's router/src/server.rs
  // at 003eaec0, `health` returns `Ok(())`); Ollama has neither.
  if (ctx.opts.engine === 'ollama' || path !== '/health') return false;
  countRoute(ctx.stats, path, '200');
  sendBare(res, 200);
  return true;
}
