import { urlHost, type EngineAdapter } from './types.ts';

/**
 * The config.json model_types TGI serves with its own flash classes (FlashCausalLM, VlmCausalLM, MllamaCausalLM), the
 * only ones whose __init__ reads generation_config.json (server/text_generation_server/models/__init__.py get_model
 * at db931fcf42da018a3657580c64bf2720f167f9ab, on a GPU with flash attention). Every other type (qwen3, gpt_oss,
 * glm4_moe, llama4, …) falls back to transformers' class (TransformersFlashCausalLM, CausalLM), which stops on the
 * tokenizer's eos_token alone. Exceptions the type does not show: a falcon with `alibi` is CausalLM's, and mamba
 * stops on config.json's eos_token_id (models/mamba.py); neither is a chat model the suite has.
 */
const FLASH_MODEL_TYPES = [
  'deepseek_v2', 'deepseek_v3', 'gpt_bigcode', 'gpt2', 'gptj', 'gpt_neox', 'phi', 'phimoe', 'llama', 'phi3', 'granite', 'baichuan',
  'gemma', 'gemma2', 'gemma3_text', 'gemma3', 'cohere', 'dbrx', 'RefinedWeb', 'RefinedWebModel', 'falcon', 'mistral', 'mixtral',
  'starcoder2', 'qwen2', 'qwen2_vl', 'qwen2_5_vl', 'mllama', 'idefics2', 'idefics3', 'paligemma', 'llava_next',
];

/**
 * Text Generation Inference. router/src/lib.rs: CompletionRequest has seed and stop but no skip_special_tokens,
 * and no deny_unknown_fields (serde ignores extra fields). server/text_generation_server/utils/tokens.py
 * StoppingCriteria matches stop sequences on per-token text from decode_token (skip_special_tokens=False), while
 * models/flash_causal_lm.py decodes the final text (GeneratedText) with skip_special_tokens=True and keeps the stop
 * sequence in it; launcher --max-stop-sequences defaults to 4. Which text the client gets depends on the mode
 * (specialTokensInText 'when_streamed'): router/src/server.rs completions() answers a non-streamed request with
 * that final text, but a streamed one with each token's own text (`stream_token.token.text`, decode_token's, with
 * special tokens), the last chunk holding the token generation stopped on: the end-of-sequence token (e.g.
 * <|im_end|>) or the last token of the matched stop string, both whole (the setup reads the text by the mode:
 * runners/engines/special-tokens.ts, templates/cut.ts dropStopToken). A stream ends with `data: [DONE]`; its chunks
 * carry finish_reason "" until the last, whose reason is FinishReason's Display ("eos_token", "stop_sequence",
 * "length"); a non-streamed answer says "stop" for the end-of-sequence token
 * (FinishReason::format(true)) but still "stop_sequence" for a stop. There is no served-model-name: /v1/models and
 * every answer name the model id. router/src/validation.rs (huggingface/text-generation-inference at
 * db931fcf42da018a3657580c64bf2720f167f9ab) validate(): a top_p that is set must be > 0.0 and < 1.0, else 422
 * "Input validation error: `top_p` must be > 0.0 and < 1.0"; left out it is 1.0. Flags: launcher/src/main.rs
 * (struct Args).
 */
export const tgi: EngineAdapter = {
  label: 'TGI',
  behaviour: {
    id: 'tgi',
    api: 'openai_completions',
    extraBody: {},
    specialTokensInText: 'when_streamed',
    stopsMatch: 'text_with_special_tokens',
    trimsStop: false,
    maxStops: 4,
    refusesTopPOne: true,
    unknownFields: 'ignored',
    alwaysRendered: [],
    streams: true,
    finishAliases: { eos_token: 'stop', stop_sequence: 'stop' },
    stopFinishReason: 'stop_sequence',
    // router/src/server.rs completions(): a stream's last chunk says details.finish_reason.to_string() (Display),
    // a non-streamed answer details.finish_reason.format(true), "stop" for the end of sequence.
    streamedEosFinishReason: 'eos_token',
    // server/text_generation_server/utils/tokens.py StoppingCriteria.__call__ (lines 167-176 at db931fc): the budget
    // (current_tokens >= max_new_tokens: FINISH_REASON_LENGTH) is checked before the end-of-sequence token and the stops.
    budgetBeforeStop: true,
    // models/flash_causal_lm.py FlashCausalLM.__init__ (lines 1239-1246 at db931fc): generation_config.json's
    // eos_token_id replaces the tokenizer's eos only `if isinstance(..., (list, set))` (tokenizer._eos_token_ids), a
    // single id being ignored; utils/tokens.py StoppingCriteria.from_pb takes `_eos_token_ids` else
    // tokenizer.eos_token_id. config.json's eos_token_id is not read for it.
    endTokenRules: { always: [], configIds: false, generationIds: 'list', modelTypes: FLASH_MODEL_TYPES },
    readyRoute: null,
    // One model per server: router/src/server.rs completions() does not check the request's model.
    unknownModel: 'answered',
  },
  reservedFlags: ['model-id', 'revision', 'num-shard', 'sharded', 'max-input-tokens', 'max-input-length', 'max-total-tokens', 'hostname', 'port', 'tokenizer-config-path'],
  serve(s) {
    // One token of the context is left for the answer: TGI requires max-input-tokens < max-total-tokens.
    const maxInput = String(Number(s.maxLen) - 1);
    const argv = ['text-generation-launcher', '--model-id', s.repo, '--revision', s.revision, '--num-shard', s.tp, '--max-input-tokens', maxInput, '--max-total-tokens', s.maxLen, '--hostname', s.host, '--port', String(s.port)];
    return { argv, then: [], served_model_name: s.repo, base_url: `http://${urlHost(s.host)}:${s.port}/v1` };
  },
};
