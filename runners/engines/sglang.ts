import { urlHost, type EngineAdapter } from './types.ts';

/**
 * SGLang (sgl-project/sglang; the commits read are in docs/runner.md, "SGLang").
 * python/sglang/srt/entrypoints/openai/serving_completions.py (7190e6fe): a stream ends with `data: [DONE]` (after
 * an error chunk too); `seed` is not passed on there (later versions: sampling_seed). protocol.py (9b116dff):
 * CompletionRequest.skip_special_tokens (default True), pydantic default extra (ignored);
 * python/sglang/srt/managers/schedule_batch.py (fd3907ee): stop strings matched on a tail decoded by tokenizer.decode()
 * (special tokens kept) as well as on decoded_text; trimmed unless no_stop_trim, and only when the budget was not
 * reached first (budgetBeforeStop below). Flags:
 * python/sglang/srt/server_args.py (ServerArgs fields; the commit: tests/fixtures/engines/documented-flags.yaml).
 * There is no --enable-prefix-caching: the radix cache is on by default and --disable-radix-cache turns it off.
 * Start-up: python/sglang/srt/entrypoints/http_server.py (0025436eab0556737d615b36a4dd3e1e26e82f3d): the port opens
 * once the model is loaded; while the warm-up that follows runs, /health and /health_generate answer a bare 503 but
 * /v1/models and completions are served, so no readyRoute (docs/runner.md, "SGLang"; sim --warmup-ms imitates it).
 */
export const sglang: EngineAdapter = {
  label: 'SGLang',
  behaviour: {
    id: 'sglang',
    api: 'openai_completions',
    extraBody: { skip_special_tokens: false },
    specialTokensInText: 'per_request',
    stopsMatch: 'text_with_special_tokens',
    trimsStop: true,
    maxStops: null,
    refusesTopPOne: false,
    unknownFields: 'ignored',
    alwaysRendered: [],
    streams: true,
    finishAliases: {},
    stopFinishReason: 'stop',
    streamedEosFinishReason: 'stop',
    // python/sglang/srt/managers/schedule_batch.py Req.check_finished (fd3907ee4618e96b73ee94d9a836db78efb5d046;
    // 000eaffacf048e51b64d4d72985ef8f0b7054b39 the same): len(output_ids) >= max_new_tokens is FINISH_LENGTH before the
    // end-of-sequence token and the stop strings are looked at, and detokenizer_manager.py trim_matched_stop
    // (000935bdda57675933def88a37dcd6786a2de0d1) trims only a finish with `matched`: such a turn keeps its ending token.
    budgetBeforeStop: true,
    // attach_additional_stop_token_ids (python/sglang/srt/utils/hf_transformers/common.py at
    // d7287464193f2efe5b2e72385f883534e2ba04f5, called on every tokenizer get_tokenizer loads: tokenizer.py at
    // 063286efb9f30416e326185626504b5ea2638f2a) makes <|eom_id|> a stop when get_added_vocab() has it, matched in
    // _check_token_based_finish beside eos_token_ids (schedule_batch.py at fd3907ee). ModelConfig._get_hf_eos_token_id
    // (model_config.py at 001adf564fd332c285397a46a034ee2f93ba7515) takes config.json's eos_token_id when it `is not
    // None`, but generation_config.json's only `if generation_eos_ids:`, so an id of 0 there is left out.
    endTokenRules: { always: ['<|eom_id|>'], configIds: true, generationIds: 'truthy', modelTypes: null },
    readyRoute: null,
    // The Python OpenAI server does not compare `model` with the served name (sgl-project/sglang issues 7035, 31404).
    unknownModel: 'answered',
  },
  reservedFlags: ['model-path', 'revision', 'tp-size', 'tensor-parallel-size', 'context-length', 'served-model-name', 'host', 'port', 'chat-template'],
  serve(s) {
    const argv = ['python', '-m', 'sglang.launch_server', '--model-path', s.repo, '--revision', s.revision, '--tp-size', s.tp, '--context-length', s.maxLen, '--served-model-name', s.id, '--host', s.host, '--port', String(s.port)];
    if (s.template) argv.push('--chat-template', s.template);
    // Template kwargs are not passed (--default-chat-template-kwargs is recent in SGLang): the runner renders
    // templates itself, so nothing is lost.
    return { argv, then: [], served_model_name: s.id, base_url: `http://${urlHost(s.host)}:${s.port}/v1` };
  },
};
