/**
 * The common shape of an engine adapter (runners/engines/<engine>.ts): the facts of how the engine treats
 * special tokens, stops and seeds on the endpoint the runner uses, and how it is started. Each adapter holds
 * its own facts with the source files they were read from; runners/engines/behaviour.ts only gathers them.
 */
export type EngineId = 'vllm' | 'sglang' | 'tgi' | 'llamacpp' | 'ollama';

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
   * 'never' (always decoded without them), 'server_flag' (only when the server was started with a flag).
   */
  specialTokensInText: 'per_request' | 'never' | 'server_flag';
  /**
   * What stop strings are matched against: 'returned_text' (the same text the client gets, so a stop on a
   * special token matches only when special tokens are kept) or 'text_with_special_tokens' (a decode that keeps
   * them, whatever the returned text holds).
   */
  stopsMatch: 'returned_text' | 'text_with_special_tokens';
  /** Whether a matched stop string is removed from the returned text. */
  trimsStop: boolean;
  /** Most stop strings a request may carry (null: no limit). */
  maxStops: number | null;
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
   * For an engine whose /v1/models answers before its model can serve: the route under the base URL that answers
   * 200 only once it can (`{base}/health`), and 503 until then. llama.cpp lists its model while it loads it and
   * answers every completion 503 "Loading model" meanwhile (tools/server/server-http.cpp, its server-state
   * middleware). null: /v1/models answers only once the engine serves (vLLM, SGLang and TGI load the model before
   * they serve HTTP; Ollama loads it on the first request, which waits for it).
   */
  readyRoute: string | null;
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
