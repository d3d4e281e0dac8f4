import type { Http, HttpAnswer } from './http.ts';
import { EngineRouteError, isMissingRoute } from './http.ts';
import { VERSION_ROUTES, versionIn } from '../client/engine-version.ts';
import type { EngineId } from '../engines/types.ts';

/** How the engine renders the probe's messages with its own chat template: as token ids or as text. */
export type ServedRender = { kind: 'ids'; ids: number[] } | { kind: 'text'; text: string };
export type Messages = Array<{ role: 'user' | 'assistant'; content: string }>;

/**
 * What `userturn doctor` can ask one engine family beside the OpenAI routes. Every method answers null when
 * the engine does not expose it (the check is then "n/a") and throws when the route exists but fails.
 */
export interface EngineApi {
  /** Where the facts come from, named in the table. */
  routes: { version: string; tokenize: string; context: string; render: string | null };
  version(http: Http): Promise<string | null>;
  /** Token ids of `text`, special-token spellings parsed as special tokens, no BOS added. */
  tokenize(http: Http, model: string, text: string): Promise<number[] | null>;
  /**
   * Token ids of a whole prompt as the engine's /v1/completions counts it against its window: with the special
   * tokens its tokenizer adds to a text prompt (the BOS of Llama 3, Gemma, Mistral), which the runner's prompts leave out.
   */
  promptTokens(http: Http, model: string, text: string): Promise<number[] | null>;
  maxContext(http: Http, model: string): Promise<number | null>;
  /**
   * Tokens of the window a request cannot have (null: none): its prompt plus max_tokens must be at most the window
   * less these for the engine to accept it and generate the whole budget; `why` is said in the check's detail.
   */
  windowReserve: { tokens: number; why: string } | null;
  servedRender(http: Http, model: string, messages: Messages, kwargs: Record<string, unknown>): Promise<ServedRender | null>;
}

/** The JSON of an answer, null for a route the engine does not have; any other failure is an error. */
function jsonOf(a: HttpAnswer, route: string): Record<string, unknown> | unknown[] | null {
  if (isMissingRoute(a)) return null;
  if (!a.ok) throw new EngineRouteError(`${route}: HTTP ${a.status} ${a.text}`);
  if (!a.json || typeof a.json !== 'object') throw new EngineRouteError(`${route}: unexpected answer ${JSON.stringify(a.json).slice(0, 200)}`);
  return a.json as Record<string, unknown>;
}
const field = (o: unknown, ...path: string[]): unknown => path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
function idsOf(v: unknown, route: string): number[] {
  if (!Array.isArray(v)) throw new EngineRouteError(`${route}: no token list in the answer`);
  // llama.cpp with_pieces and TGI answer objects with an id; the others plain ids.
  return v.map((t) => (typeof t === 'number' ? t : Number(field(t, 'id'))));
}

/** The engine's version from its version route (the one a run asks too: client/engine-version.ts). */
function versionOf(engine: EngineId): (http: Http) => Promise<string | null> {
  const route = VERSION_ROUTES[engine];
  return async (http) => {
    const j = jsonOf(await http.get(`${http.root}${route.path}`), route.path);
    return j ? versionIn(route, j) : null;
  };
}

/** vLLM's and SGLang's tokenize route (`route`: theirs differ in path only): {model, prompt, add_special_tokens} → {tokens}. */
async function promptRouteTokens(http: Http, route: string, model: string, text: string, addSpecial: boolean): Promise<number[] | null> {
  const j = jsonOf(await http.post(`${http.root}${route}`, { model, prompt: text, add_special_tokens: addSpecial }), route);
  return j ? idsOf(field(j, 'tokens'), route) : null;
}

// vLLM: vllm/entrypoints/serve/tokenize/protocol.py (TokenizeCompletionRequest {model, prompt, add_special_tokens},
// TokenizeChatRequest {messages, add_generation_prompt, chat_template_kwargs}, TokenizeResponse {count,
// max_model_len, tokens}), routed at POST /tokenize by vllm/entrypoints/serve/tokenize/api_router.py; GET /version.
const vllm: EngineApi = {
  routes: { version: VERSION_ROUTES.vllm.label, tokenize: 'POST /tokenize', context: 'max_model_len of POST /tokenize', render: 'POST /tokenize {messages}' },
  version: versionOf('vllm'),
  tokenize: (http, model, text) => promptRouteTokens(http, '/tokenize', model, text, false),
  // CompletionRequest.add_special_tokens defaults to true and reaches the tokenizer through build_tok_params
  // (vllm/entrypoints/openai/completion/protocol.py at 002032ee2b18e1f7bd924ec47b62504ba3866063).
  promptTokens: (http, model, text) => promptRouteTokens(http, '/tokenize', model, text, true),
  async maxContext(http, model) {
    const j = jsonOf(await http.post(`${http.root}/tokenize`, { model, prompt: 'x', add_special_tokens: false }), '/tokenize');
    return j ? num(field(j, 'max_model_len')) : null;
  },
  // TokenizeParams._token_len_check refuses a prompt longer than max_model_len - max_tokens, no more
  // (vllm/renderers/params.py at 017638d70159114c71e4c28cc95f54c3f7699079).
  windowReserve: null,
  async servedRender(http, model, messages, kwargs) {
    const body = { model, messages, add_generation_prompt: true, add_special_tokens: false, chat_template_kwargs: kwargs };
    const j = jsonOf(await http.post(`${http.root}/tokenize`, body), '/tokenize');
    return j ? { kind: 'ids', ids: idsOf(field(j, 'tokens'), '/tokenize') } : null;
  },
};

// SGLang: python/sglang/srt/entrypoints/openai/serving_tokenize.py (POST /v1/tokenize {prompt, add_special_tokens}
// → {tokens, count, max_model_len}, where max_model_len is the tokenizer's model_max_length, not the engine's
// window). http_server.py (sgl-project/sglang 0025436eab0556737d615b36a4dd3e1e26e82f3d): GET /v1/models lists the
// window as max_model_len (model_config.context_len); GET /get_server_info carries the version and the server
// arguments, whose context_length is --context-length as given, null without it, so it is only the fallback for a
// version whose model card has no max_model_len. No chat rendering on request.
const sglang: EngineApi = {
  routes: { version: VERSION_ROUTES.sglang.label, tokenize: 'POST /v1/tokenize', context: 'max_model_len of GET /v1/models', render: null },
  version: versionOf('sglang'),
  tokenize: (http, model, text) => promptRouteTokens(http, '/v1/tokenize', model, text, false),
  // A text prompt is encoded with the tokenizer's defaults, special tokens added (_tokenize_texts in
  // python/sglang/srt/managers/tokenizer_manager.py at 001067fffe33427bee0ed2f007fb7551a1d76b44).
  promptTokens: (http, model, text) => promptRouteTokens(http, '/v1/tokenize', model, text, true),
  async maxContext(http, model) {
    const list = jsonOf(await http.get(`${http.baseURL}/models`), '/v1/models');
    const cards = Array.isArray(field(list, 'data')) ? (field(list, 'data') as unknown[]) : [];
    const listed = num(field(cards.find((c) => field(c, 'id') === model), 'max_model_len'));
    if (listed !== null) return listed;
    const j = jsonOf(await http.get(`${http.root}/get_server_info`), '/get_server_info');
    return j ? num(field(j, 'context_length')) : null;
  },
  // The scheduler gives a request at most context_len - 2 - prompt new tokens (init_req_max_new_tokens:
  // max_req_len - input_len - 1, max_req_len being context_len - 1; python/sglang/srt/managers/scheduler.py at
  // 0003215cf1464f44b389cd0b18d0b4c56f2a3da6, measured in sgl-project/sglang#33814), and releases before
  // sgl-project/sglang#22546 refuse prompt + max_new_tokens >= context_len (_validate_one_request, now > in
  // python/sglang/srt/managers/tokenizer_manager.py at 001067fffe33427bee0ed2f007fb7551a1d76b44).
  windowReserve: {
    tokens: 2,
    why: 'SGLang generates at most its window - 2 - prompt tokens, and releases before sglang#22546 refuse a request of exactly the window',
  },
  servedRender: async () => null,
};

// TGI: router/src/server.rs POST /tokenize {inputs} → [{id, text, start, stop}] and GET /info {version,
// max_input_tokens, max_total_tokens} (router/src/lib.rs Info). Its /chat_tokenize is not used here.
async function tgiTokens(http: Http, text: string): Promise<number[] | null> {
  const j = jsonOf(await http.post(`${http.root}/tokenize`, { inputs: text }), '/tokenize');
  return j ? idsOf(j, '/tokenize') : null;
}

/** The ids TGI's /tokenize adds around every text (its answer for ""), asked once per server and model. */
const tgiAffixes = new WeakMap<Http, Map<string, Promise<number[] | null>>>();
function tgiAffix(http: Http, model: string): Promise<number[] | null> {
  const byModel = tgiAffixes.get(http) ?? new Map<string, Promise<number[] | null>>();
  tgiAffixes.set(http, byModel);
  const known = byModel.get(model);
  if (known) return known;
  // A refusal of the empty text (not read in TGI's source) leaves the answers as they come, as before this probe; it
  // is not remembered, and a server that cannot be reached fails the text's own request next, naming the error.
  const affix = tgiTokens(http, '').catch(() => {
    byModel.delete(model);
    return [];
  });
  byModel.set(model, affix);
  return affix;
}

/**
 * `ids` without the affix: its first k ids where `ids` begins and the rest where it ends, the longest such prefix
 * first (a BOS-only post-processor gives a prefix, a "<s> $A </s>" one both); ids that do not carry it are as given.
 */
export function stripAffix(ids: number[], affix: readonly number[]): number[] {
  if (affix.length === 0 || ids.length < affix.length) return ids;
  for (let k = affix.length; k >= 0; k--) {
    const head = affix.slice(0, k);
    const tail = affix.slice(k);
    if (head.every((id, i) => ids[i] === id) && tail.every((id, i) => ids[ids.length - tail.length + i] === id)) return ids.slice(k, ids.length - tail.length);
  }
  return ids;
}

const tgi: EngineApi = {
  routes: { version: VERSION_ROUTES.tgi.label, tokenize: 'POST /tokenize', context: 'max_total_tokens of GET /info', render: null },
  version: versionOf('tgi'),
  // /tokenize always adds the tokenizer's special tokens: GenerateRequest.add_special_tokens is
  // serde(default = true, skip) (router/src/lib.rs; huggingface/text-generation-inference at
  // db931fcf42da018a3657580c64bf2720f167f9ab), so what it adds to "" is taken off each answer.
  async tokenize(http, model, text) {
    const affix = await tgiAffix(http, model);
    if (affix === null) return null;
    const ids = await tgiTokens(http, text);
    return ids ? stripAffix(ids, affix) : null;
  },
  // /v1/completions encodes each prompt with add_special_tokens true (completions in router/src/server.rs), as
  // /tokenize does: its answer is the count, the BOS kept.
  promptTokens: (http, _model, text) => tgiTokens(http, text),
  async maxContext(http) {
    const j = jsonOf(await http.get(`${http.root}/info`), '/info');
    return j ? num(field(j, 'max_total_tokens')) : null;
  },
  windowReserve: null,
  servedRender: async () => null,
};

// llama.cpp: tools/server/README.md POST /tokenize {content, add_special (default false), with_pieces} → {tokens}
// (special-token spellings are parsed as special tokens), POST /apply-template {messages} → {prompt} (the
// server's chat template, no inference), GET /props {default_generation_settings.n_ctx, build_info}.
async function llamacppTokens(http: Http, text: string, addSpecial: boolean): Promise<number[] | null> {
  const j = jsonOf(await http.post(`${http.root}/tokenize`, { content: text, add_special: addSpecial, with_pieces: true }), '/tokenize');
  return j ? idsOf(field(j, 'tokens'), '/tokenize') : null;
}

const llamacpp: EngineApi = {
  routes: { version: VERSION_ROUTES.llamacpp.label, tokenize: 'POST /tokenize', context: 'n_ctx of GET /props', render: 'POST /apply-template' },
  version: versionOf('llamacpp'),
  tokenize: (http, _model, text) => llamacppTokens(http, text, false),
  // /completion and /v1/completions tokenize a text prompt with add_special and parse_special true
  // (handle_completions_impl; /tokenize's add_special defaults to false: post_tokenize, both in
  // tools/server/server-context.cpp, ggml-org/llama.cpp at 001d906a6d86e2490e394361e7cc6f478b100088).
  promptTokens: (http, _model, text) => llamacppTokens(http, text, true),
  async maxContext(http) {
    const j = jsonOf(await http.get(`${http.root}/props`), '/props');
    return j ? num(field(j, 'default_generation_settings', 'n_ctx')) : null;
  },
  windowReserve: null,
  async servedRender(http, _model, messages) {
    const j = jsonOf(await http.post(`${http.root}/apply-template`, { messages }), '/apply-template');
    const text = j ? field(j, 'prompt') : null;
    return typeof text === 'string' ? { kind: 'text', text } : null;
  },
};

// Ollama: server/routes.go GET /api/version → {version} at the server root. Its tokenizer, template and window
// (OLLAMA_CONTEXT_LENGTH) are not exposed per request, so those checks are "n/a".
const ollama: EngineApi = {
  routes: { version: VERSION_ROUTES.ollama.label, tokenize: '-', context: '-', render: null },
  version: versionOf('ollama'),
  tokenize: async () => null,
  promptTokens: async () => null,
  maxContext: async () => null,
  windowReserve: null,
  servedRender: async () => null,
};

/** An engine this table does not know: every engine-specific check is "n/a". */
const unknown: EngineApi = {
  routes: { version: '-', tokenize: '-', context: '-', render: null },
  version: async () => null,
  tokenize: async () => null,
  promptTokens: async () => null,
  maxContext: async () => null,
  windowReserve: null,
  servedRender: async () => null,
};

const APIS: Readonly<Record<string, EngineApi>> = { vllm, sglang, tgi, llamacpp, ollama };

/** Every engine's API by id: what the engine check asks to tell which engine a server is (check-engine.ts). */
export const ENGINE_APIS: ReadonlyArray<[string, EngineApi]> = Object.entries(APIS);

/** The API of the submission's engine (serving.engine). */
export const engineApi = (engine: string): EngineApi => APIS[engine] ?? unknown;
