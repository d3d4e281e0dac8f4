/**
 * The common shape of an engine adapter (runners/engines/<engine>.ts): the facts of how the engine treats
 * special tokens, stops and seeds on the endpoint the runner uses, and how it is started. Each adapter holds
 * its own facts with the source files they were read from; runners/engines/behaviour.ts only gathers them.
 */
export type EngineId = 'vllm' | 'sglang' | 'tgi' | 'llamacpp' | 'ollama';

/** EngineBehaviour.endTokenRules. */
export interface EndTokenRules {
  always: readonly string[];
  /** Whether config.json's eos_token_id counts (SGLang joins it to generation_config.json's; TGI never reads it). */
  configIds: boolean;
  /**
   * Which generation_config.json eos_token_id counts: 'any'; 'truthy', not a bare 0 (SGLang); 'list', a list only, a
   * single id being ignored (TGI).
   */
  generationIds: 'any' | 'truthy' | 'list';
  /** config.json model_types for which the engine reads the files at all (TGI: those its flash classes serve); null: every one. */
  modelTypes: readonly string[] | null;
}

/** No rule beyond the two files' ids joined. */
export const NO_END_TOKEN_RULES: EndTokenRules = { always: [], configIds: true, generationIds: 'any', modelTypes: null };

export interface EngineBehaviour {
  id: EngineId;
  /**
   * Where completions are asked: 'openai_completions' is POST {base}/completions (streamed as SSE ending with
   * `data: [DONE]`); 'ollama_generate' is Ollama's native POST /api/generate with `raw: true` (NDJSON).
   */
  api: 'openai_completions' | 'ollama_generate';
  /**
   * Fields the runner sends with every completion so that special tokens stay in the returned text. Only fields
   * the engine's request schema declares: the others would be ignored (or, on a stricter server, rejected).
   */
  extraBody: Readonly<{ skip_special_tokens?: boolean }>;
  /**
   * Whether the returned text holds special tokens: 'per_request' (the `skip_special_tokens` field, default true),
   * 'never' (always decoded without them), 'server_flag' (only when the server was started with a flag),
   * 'when_streamed' (a streamed answer is the text of each token decoded with them, whole; a non-streamed one is
   * decoded without them: TGI). runners/engines/special-tokens.ts resolves it for the mode the client asks in.
   */
  specialTokensInText: 'per_request' | 'never' | 'server_flag' | 'when_streamed';
  /**
   * What stop strings are matched against: 'returned_text' (the same text the client gets, so a stop on a
   * special token matches only when special tokens are kept) or 'text_with_special_tokens' (a decode that keeps
   * them, whatever the returned text holds).
   */
  stopsMatch: 'returned_text' | 'text_with_special_tokens';
  /**
   * Whether a matched stop string is removed from the returned text. false (TGI): the text keeps what the engine
   * stopped on, the stop string and, where special tokens are in the text, the end-of-sequence token too.
   */
  trimsStop: boolean;
  /** Most stop strings a request may carry (null: no limit). */
  maxStops: number | null;
  /**
   * Whether the engine refuses `top_p` of 1 (it accepts only 0 < top_p < 1): then the runner leaves top_p out when it
   * is 1, which the engine takes as 1 (no nucleus cut), and sends any other value as is.
   */
  refusesTopPOne: boolean;
  /** Unknown request fields: ignored (logged at most) or rejected. */
  unknownFields: 'ignored' | 'rejected';
  /** Special tokens rendered in the text whatever the settings (llama.cpp shows gpt-oss's channel markers). */
  alwaysRendered: readonly string[];
  /**
   * Whether the runner asks for a streamed answer (runners/client/attempt.ts): only where a stream is known to
   * end with an end marker (`data: [DONE]`, Ollama's `done: true`), since a stream without it is taken as cut.
   */
  streams: boolean;
  /** The engine's own finish reasons for a complete answer, mapped to the OpenAI ones the runner records. */
  finishAliases: Readonly<Record<string, 'stop' | 'length'>>;
  /** The finish reason the engine gives when a stop string matched (what the simulator imitates). */
  stopFinishReason: string;
  /**
   * The finish reason of a streamed answer that ended at the end-of-sequence token (what the simulator imitates;
   * a non-streamed one says "stop" on every engine). TGI streams FinishReason's Display, "eos_token".
   */
  streamedEosFinishReason: string;
  /**
   * Whether the engine checks its token budget before the end-of-sequence token and the stop strings, so a turn
   * whose ending token is also the last one its max_tokens allows is reported as `length` though the model ended it,
   * that token left in the text untrimmed (TGI, SGLang). false: the engine is not known to (the simulator's ideal order).
   */
  budgetBeforeStop: boolean;
  /**
   * How the engine departs from config.json's and generation_config.json's eos_token_id joined, for the at-budget
   * reading of an engine with budgetBeforeStop (templates/end-tokens.ts) and the simulator: `always`, tokens it also
   * ends a turn on whenever its tokenizer has them as added tokens, whatever the configs name; `configIds`,
   * `generationIds` and `modelTypes`, which of the files' ids the engine takes, and for which models. None for an
   * engine not read so closely.
   */
  endTokenRules: EndTokenRules;
  /**
   * For an engine whose /v1/models answers before its model can serve: the route under the base URL that answers
   * 200 only once it can (`{base}/health`), and 503 until then. llama.cpp lists its model while it loads it and
   * answers every completion 503 "Loading model" meanwhile (tools/server/server-http.cpp, its server-state
   * middleware). null: /v1/models answers only once the engine serves (vLLM, SGLang and TGI load the model before
   * they serve HTTP; SGLang's /health then answers 503 while it warms up, but its completions are served meanwhile;
   * Ollama loads it on the first request, which waits for it). docs/runner.md, "Engines, one by one", names the files.
   */
  readyRoute: string | null;
  /**
   * What a completion asking for a model name the server does not serve gets: 'not_found', a 404 (vLLM, Ollama),
   * or 'answered', generated by the one model loaded whatever the name (SGLang's Python server, TGI, llama.cpp).
   * The simulator imitates it; a run stops on such a 404 (runners/client/route-refusal.ts).
   */
  unknownModel: 'not_found' | 'answered';
}

/** The submission's values serve-cmd hands an adapter, every one already checked by assertSafeArg. */
export interface ServeInput {
  repo: string;
  revision: string;
  id: string;
  tp: string;
  maxLen: string;
  host: string;
  port: number;
  /** A repository template file (`chat_template.source: file`), joined to the repository root. */
  template: string | null;
  /** generation.template_kwargs as one checked JSON object (null when empty). */
  templateKwargs: string | null;
  /** serving.gguf_quant: the quantisation of a GGUF repository (llama.cpp, Ollama). */
  ggufQuant: string | null;
}

export interface ServeParts {
  /** The server command, allowlisted engine_args appended after it. */
  argv: string[];
  /** Commands to run, in order, once the server answers (Ollama pulls the model and names it). */
  then: string[][];
  /** The model name clients send and /v1/models lists. */
  served_model_name: string;
  /** Where the OpenAI-compatible routes answer. */
  base_url: string;
}

export interface EngineAdapter {
  behaviour: EngineBehaviour;
  /** How the command is named in messages, e.g. "vLLM". */
  label: string;
  /** Flags the adapter sets itself from the submission: engine_args may not set them again. */
  reservedFlags: readonly string[];
  serve(input: ServeInput): ServeParts;
}

export const urlHost = (host: string): string => (host.includes(':') ? `[${host}]` : host);
