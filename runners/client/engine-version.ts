/**
 * Where each engine says which version it is: one route per engine at the server root (beside /v1), read by
 * `userturn doctor` (doctor/engine-api.ts) and asked by every run at its start (run-probe.ts), so both read the same
 * route the same way. Each shape is the engine's own, read in its source:
 * - vLLM: GET /version → {"version": VLLM_VERSION} (show_version in vllm/entrypoints/serve/instrumentator/basic.py,
 *   vllm-project/vllm at dcbf200475bbc0dc7a464eb5531893298a400f49).
 * - SGLang: GET /get_server_info → the server arguments, the scheduler's info, internal_states and "version": __version__
 *   (get_server_info in python/sglang/srt/entrypoints/http_server.py, sgl-project/sglang at
 *   0025436eab0556737d615b36a4dd3e1e26e82f3d).
 * - TGI: GET /info → Info {model_id, …, max_total_tokens, router, version, sha, docker_label} (router/src/lib.rs, routed
 *   at /info by router/src/server.rs, huggingface/text-generation-inference at db931fcf42da018a3657580c64bf2720f167f9ab).
 * - llama.cpp: no version route; GET /props carries build_info, "b<build number>-<commit>" (the props handler in
 *   tools/server/server-context.cpp, ggml-org/llama.cpp at 001d906a6d86e2490e394361e7cc6f478b100088).
 * - Ollama: GET /api/version → {"version": version.Version} (server/routes.go, ollama/ollama at
 *   fb30760996871fa9460115c753afd2c60d4ab0f7).
 */
import type { EngineId } from '../engines/types.ts';
import { distinctVersions } from '../../src/lib/engine-versions.ts';
import { ENGINE_VERSION_MAX, textProblem, type EngineVersion } from '../../src/schema/index.ts';

/** What is asked of an endpoint (endpoints.ts Endpoint): a GET at its server root, and its URL for a warning. */
export interface VersionAsked {
  getRoot(path: string, timeoutMs: number, maxBodyBytes: number): Promise<unknown>;
  tally: { url: string };
}

export interface VersionRoute {
  /** The path at the server root. */
  path: string;
  /** The field of its JSON answer that holds the version. */
  field: string;
  /** How doctor's table names where the version comes from. */
  label: string;
}

export const VERSION_ROUTES: Readonly<Record<EngineId, VersionRoute>> = {
  vllm: { path: '/version', field: 'version', label: 'GET /version' },
  sglang: { path: '/get_server_info', field: 'version', label: 'GET /get_server_info' },
  tgi: { path: '/info', field: 'version', label: 'GET /info' },
  llamacpp: { path: '/props', field: 'build_info', label: 'build_info of GET /props' },
  ollama: { path: '/api/version', field: 'version', label: 'GET /api/version' },
};

/** The server root of an OpenAI base URL (…/v1): where the engines' own routes live. */
export const serverRoot = (baseURL: string): string => baseURL.replace(/\/+$/, '').replace(/\/v1$/, '');

/** The version in a route's answer as the engine wrote it (a string or a number), or null when it holds none. */
export function versionIn(route: VersionRoute, answer: unknown): string | null {
  const v = answer && typeof answer === 'object' && !Array.isArray(answer) ? (answer as Record<string, unknown>)[route.field] : undefined;
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '';
  return s === '' ? null : s;
}

/**
 * A version as a result records it: untrusted server text, so at most ENGINE_VERSION_MAX characters (a longer one is cut,
 * ending in "…") and refused (null, with the reason) when it holds a control, invisible or bidirectional character.
 */
export function recordedVersion(v: string): { version: string | null; problem?: string } {
  const problem = textProblem(v);
  if (problem) return { version: null, problem };
  return { version: v.length <= ENGINE_VERSION_MAX ? v : `${v.slice(0, ENGINE_VERSION_MAX - 1)}…` };
}

/**
 * How long a run waits for an endpoint's version. The route is answered from the server's event loop in milliseconds; a
 * server silent that long has no such route worth waiting for, and the run does not wait for it to start (run-probe.ts).
 */
export const VERSION_ASK_MS = 2_000;
/** The most of a version route's answer read: SGLang's carries every server argument, some kilobytes. */
const VERSION_BODY_MAX = 1 << 20;

/**
 * One endpoint's version as its engine reports it: null when the route is missing (an older engine, a proxy), fails,
 * is slow, or holds no version; never an error.
 */
export async function askVersion(e: VersionAsked, engine: EngineId, timeoutMs = VERSION_ASK_MS): Promise<{ version: string | null; problem?: string }> {
  const route = VERSION_ROUTES[engine];
  try {
    const v = versionIn(route, await e.getRoot(route.path, timeoutMs, VERSION_BODY_MAX));
    return v === null ? { version: null } : recordedVersion(v);
  } catch {
    return { version: null };
  }
}

/**
 * The distinct versions the endpoints report, sorted, an endpoint that reported none as a null version (last). `warn`
 * hears of a version refused as not plain text.
 */
export async function askEngineVersions(endpoints: readonly VersionAsked[], engine: EngineId, warn: (line: string) => void, timeoutMs = VERSION_ASK_MS): Promise<EngineVersion[]> {
  const answers = await Promise.all(endpoints.map((e) => askVersion(e, engine, timeoutMs)));
  answers.forEach((a, i) => {
    if (a.problem) warn(`warning: ${serverRoot(endpoints[i]!.tally.url)}${VERSION_ROUTES[engine].path} reports an engine version that ${a.problem}: not recorded`);
  });
  return distinctVersions(answers.map((a) => ({ engine, version: a.version })));
}
