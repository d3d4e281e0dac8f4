import type { IncomingMessage, ServerResponse } from 'node:http';
import type { EngineId } from '../engines/types.ts';
import type { SimContext } from './context.ts';
import { windowOf } from './context-window.ts';
import { sendJson } from './http-io.ts';
import { SHORT_CONTEXT, SIM_VERSION } from './misbehave.ts';
import { countRoute } from './stats.ts';

/**
 * Each engine's version route and its answer's shape, the fields a test or doctor might read and the version where
 * the engine puts it. The sources (file and commit) are cited in runners/client/engine-version.ts, which the run and
 * doctor read these routes by; no engine is given a route it lacks (llama.cpp has none: its /props carries build_info).
 */
const ROUTES: Record<EngineId, { key: string; body(ctx: SimContext, version: string): unknown }> = {
  // show_version: {"version": VLLM_VERSION}.
  vllm: { key: 'GET /version', body: (_ctx, version) => ({ version }) },
  // get_server_info: the server arguments (context_length is --context-length as given, null without it; the model's
  // own window is listed by /v1/models), the scheduler's info, internal_states, and the version.
  sglang: {
    key: 'GET /get_server_info',
    body: (ctx, version) => ({ model_path: ctx.servedModel, context_length: ctx.opts.contextLength ?? (ctx.opts.misbehave?.has('short-context') ? SHORT_CONTEXT : null), internal_states: [{}], version }),
  },
  // Info: the model, the router's limits and its own name, version, sha and docker label.
  tgi: {
    key: 'GET /info',
    body: (ctx, version) => ({ model_id: ctx.servedModel, model_sha: null, model_pipeline_tag: 'text-generation', max_concurrent_requests: 128, max_best_of: 2, max_stop_sequences: 4, max_input_tokens: windowOf(ctx) - 1, max_total_tokens: windowOf(ctx), validation_workers: 2, max_client_batch_size: 4, router: 'text-generation-router', version, sha: null, docker_label: null }),
  },
  // /props: the slot's settings, the model and its template, and build_info ("b<build number>-<commit>").
  llamacpp: {
    key: 'GET /props',
    body: (ctx, version) => ({ default_generation_settings: { n_ctx: windowOf(ctx) }, total_slots: 1, model_path: ctx.servedModel, build_info: version, chat_template: '' }),
  },
  // {"version": version.Version}.
  ollama: { key: 'GET /api/version', body: (_ctx, version) => ({ version }) },
};

/** The version the simulator reports: SimOptions.engineVersion, else its own, as llama.cpp writes a build for llama.cpp. */
const versionOf = (ctx: SimContext, engine: EngineId): string => ctx.opts.engineVersion ?? (engine === 'llamacpp' ? `b0-${SIM_VERSION}` : SIM_VERSION);

/**
 * Answers the emulated engine's version route (vLLM's without --engine); false for any other request. With
 * versionRoute 'missing' it is left to the 404 of an unknown route (an older engine, a proxy that passes /v1 only),
 * with 'hang' it is held open until the simulator closes; llama.cpp's /props is then missing or silent as a whole.
 */
export function versionRoute(ctx: SimContext, req: IncomingMessage, res: ServerResponse, path: string): boolean {
  const engine = ctx.opts.engine ?? 'vllm';
  const route = ROUTES[engine];
  if (`${req.method} ${path}` !== route.key || ctx.opts.versionRoute === 'missing') return false;
  if (ctx.opts.versionRoute === 'hang') {
    countRoute(ctx.stats, path, 'hang');
    ctx.hanging.add(res);
    res.on('close', () => ctx.hanging.delete(res));
    return true;
  }
  countRoute(ctx.stats, path, '200');
  sendJson(res, 200, route.body(ctx, versionOf(ctx, engine)));
  return true;
}
