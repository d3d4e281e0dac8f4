/**
 * How each OpenAI-compatible engine treats special tokens and stop strings on /v1/completions, read from the
 * engines' own sources (docs/runner.md lists the files). One table, not an adapter framework: the runner reads
 * what to send from it, and the simulator's engine emulation reproduces the same facts.
 */
export type EngineId = 'vllm' | 'sglang' | 'tgi' | 'llamacpp';

export interface EngineBehaviour {
  id: EngineId;
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
  /** Unknown request fields: ignored (logged at most) or rejected. All four ignore them. */
  unknownFields: 'ignored' | 'rejected';
  /** Special tokens rendered in the text whatever the settings (llama.cpp shows gpt-oss's channel markers). */
  alwaysRendered: readonly string[];
  /**
   * Whether the runner asks for a streamed answer (runners/client/attempt.ts): only where a stream is known to
   * end with `data: [DONE]`, since a stream without it is taken as cut and retried.
   */
  streams: boolean;
}

export const ENGINES: Readonly<Record<EngineId, EngineBehaviour>> = {
  // Streams: vllm/entrypoints/openai/serving_completion.py completion_stream_generator ends every stream (errors
  // included) with `data: [DONE]`; so do SGLang's serving_completions.py and llama.cpp's server for OpenAI-style
  // requests. TGI's /v1/completions stream was not checked for it: TGI is asked for one JSON answer.
  // vllm/entrypoints/openai/protocol.py: CompletionRequest.skip_special_tokens (default True), OpenAIBaseModel
  // extra="allow" (unknown fields logged, ignored); vllm/v1/engine/detokenizer.py: stop strings checked on the
  // output text decoded with skip_special_tokens, and cut from it unless include_stop_str_in_output.
  vllm: { id: 'vllm', extraBody: { skip_special_tokens: false }, specialTokensInText: 'per_request', stopsMatch: 'returned_text', trimsStop: true, maxStops: null, unknownFields: 'ignored', alwaysRendered: [], streams: true },
  // python/sglang/srt/entrypoints/openai/protocol.py: CompletionRequest.skip_special_tokens (default True),
  // pydantic default extra (ignored); python/sglang/srt/managers/schedule_batch.py: stop strings matched on a tail
  // decoded by tokenizer.decode() (special tokens kept) as well as on decoded_text; trimmed unless no_stop_trim.
  sglang: { id: 'sglang', extraBody: { skip_special_tokens: false }, specialTokensInText: 'per_request', stopsMatch: 'text_with_special_tokens', trimsStop: true, maxStops: null, unknownFields: 'ignored', alwaysRendered: [], streams: true },
  // router/src/lib.rs: CompletionRequest has no skip_special_tokens and no deny_unknown_fields (serde ignores
  // it); server/text_generation_server/utils/tokens.py StoppingCriteria matches stop sequences on per-token text
  // from decode_token (skip_special_tokens=False), while models/flash_causal_lm.py decodes the returned text with
  // skip_special_tokens=True and keeps the stop sequence in it; launcher --max-stop-sequences defaults to 4.
  tgi: { id: 'tgi', extraBody: {}, specialTokensInText: 'never', stopsMatch: 'text_with_special_tokens', trimsStop: false, maxStops: 4, unknownFields: 'ignored', alwaysRendered: [], streams: false },
  // tools/server: each token's text is common_token_to_piece(ctx, tok, accept_special_token) with
  // accept_special_token = params_base.special (the --special server flag) or a chat-template preserved token;
  // stop strings are matched on that text and removed from it; no request field changes it. src/llama-vocab.cpp
  // marks gpt-oss's <|channel|> <|message|> <|start|> <|constrain|> user-defined, so they are always rendered.
  llamacpp: { id: 'llamacpp', extraBody: {}, specialTokensInText: 'server_flag', stopsMatch: 'returned_text', trimsStop: true, maxStops: null, unknownFields: 'ignored', alwaysRendered: ['<|channel|>', '<|message|>', '<|start|>', '<|constrain|>'], streams: true },
};
