import { NO_END_TOKEN_RULES, urlHost, type EngineAdapter } from './types.ts';

/**
 * vLLM (vllm-project/vllm; files and commits in docs/runner.md, "Engines, one by one"). Streams:
 * vllm/entrypoints/openai/completion/serving.py (older: openai/serving_completion.py) completion_stream_generator ends
 * every stream (errors included) with `data: [DONE]`. vllm/entrypoints/openai/completion/protocol.py (older:
 * openai/protocol.py): CompletionRequest.skip_special_tokens (default True) and seed; OpenAIBaseModel extra="allow"
 * (unknown fields logged, ignored); vllm/v1/engine/detokenizer.py: stop strings checked on the output text decoded
 * with skip_special_tokens, and cut from it unless include_stop_str_in_output. vllm/v1/core/sched/utils.py check_stop:
 * end-of-sequence before the length, so a turn ending on its last allowed token says "stop" (budgetBeforeStop false).
 * Flags: vllm/engine/arg_utils.py (EngineArgs.add_cli_args) and vllm/entrypoints/launchers/cli_args.py (the commit:
 * tests/fixtures/engines/documented-flags.yaml).
 */
export const vllm: EngineAdapter = {
  label: 'vLLM',
  behaviour: {
    id: 'vllm',
    api: 'openai_completions',
    extraBody: { skip_special_tokens: false },
    specialTokensInText: 'per_request',
    stopsMatch: 'returned_text',
    trimsStop: true,
    maxStops: null,
    refusesTopPOne: false,
    unknownFields: 'ignored',
    alwaysRendered: [],
    streams: true,
    finishAliases: {},
    stopFinishReason: 'stop',
    streamedEosFinishReason: 'stop',
    budgetBeforeStop: false,
    endTokenRules: NO_END_TOKEN_RULES,
    readyRoute: null,
    // vllm/entrypoints/openai/engine/serving.py (older: serving_engine.py) _check_model: 404 NotFoundError "The model `x` does not exist."
    unknownModel: 'not_found',
  },
  reservedFlags: ['model', 'revision', 'tensor-parallel-size', 'max-model-len', 'served-model-name', 'host', 'port', 'chat-template', 'generation-config', 'default-chat-template-kwargs'],
  serve(s) {
    const argv = ['vllm', 'serve', s.repo, '--revision', s.revision, '--tensor-parallel-size', s.tp, '--max-model-len', s.maxLen, '--served-model-name', s.id, '--host', s.host, '--port', String(s.port)];
    // Do not let the model repo's generation_config.json change sampling defaults behind the suite's back.
    argv.push('--generation-config', 'vllm');
    if (s.template) argv.push('--chat-template', s.template);
    if (s.templateKwargs) argv.push('--default-chat-template-kwargs', s.templateKwargs);
    return { argv, then: [], served_model_name: s.id, base_url: `http://${urlHost(s.host)}:${s.port}/v1` };
  },
};
