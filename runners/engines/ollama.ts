import { UnsafeServeError } from './safe-arg.ts';
import { NO_END_TOKEN_RULES, urlHost, type EngineAdapter } from './types.ts';

/**
 * Ollama, through its native POST /api/generate with `raw: true`: its /v1/completions applies the model's
 * template to the prompt again (no raw mode there), which would wrap the runner's rendered prompt a second time.
 * api/types.go GenerateRequest: Raw ("no formatting will be applied to the prompt"), Options (temperature, top_p,
 * seed, num_predict, stop); GenerateResponse: response, done, done_reason, eval_count. server/routes.go
 * GenerateHandler: no template and no thinking parser when raw, so no preserved_tokens reach llama-server either
 * (llm/llama_server.go); streamResponse writes one JSON object per line
 * (application/x-ndjson), an error as {"error": …}. llm/llama_server.go: the model runs in llama-server without
 * --special, its stop strings matched on the returned text and removed; done_reason is "stop" or "length".
 * `ollama serve` takes no flags (envconfig/config.go: OLLAMA_HOST, OLLAMA_CONTEXT_LENGTH, …); a GGUF repository
 * is pulled as hf.co/<repo>:<quant>, then copied to the submission id. GenerateRequest.Truncate (ollama/ollama at
 * fb30760996871fa9460115c753afd2c60d4ab0f7, api/types.go; server/routes.go GenerateHandler: unset means true):
 * llm/llama_server.go completionPromptForRequest then keeps a prompt longer than num_ctx only in part (its first
 * num_keep tokens and its tail, a warning in the server's log) and generates from that; `truncate: false` sends it
 * whole, to be refused. Older servers ignore the unknown field.
 */
export const ollama: EngineAdapter = {
  label: 'Ollama',
  behaviour: {
    id: 'ollama',
    api: 'ollama_generate',
    extraBody: {},
    specialTokensInText: 'never',
    stopsMatch: 'returned_text',
    trimsStop: true,
    maxStops: null,
    refusesTopPOne: false,
    unknownFields: 'ignored',
    alwaysRendered: ['<|channel|>', '<|message|>', '<|start|>', '<|constrain|>'],
    streams: true,
    finishAliases: {},
    stopFinishReason: 'stop',
    streamedEosFinishReason: 'stop',
    budgetBeforeStop: false,
    endTokenRules: NO_END_TOKEN_RULES,
    readyRoute: null,
    // server/routes.go GenerateHandler: 404 {"error": "model 'x' not found"}; its /v1 routes wrap it as OpenAI's error.
    unknownModel: 'not_found',
  },
  reservedFlags: [],
  serve(s) {
    if (!s.ggufQuant) throw new UnsafeServeError('serving.gguf_quant: Ollama pulls GGUF files: give the quantisation to pull from the GGUF repository in hf.repo (e.g. Q4_K_M)');
    const env = `OLLAMA_HOST=${urlHost(s.host)}:${s.port}`;
    const source = `hf.co/${s.repo}:${s.ggufQuant}`;
    const name = `${s.id}:latest`;
    return {
      // Without OLLAMA_CONTEXT_LENGTH the server's default context (a few thousand tokens) silently truncates prompts.
      argv: ['env', env, `OLLAMA_CONTEXT_LENGTH=${s.maxLen}`, 'ollama', 'serve'],
      then: [
        ['env', env, 'ollama', 'pull', source],
        ['env', env, 'ollama', 'cp', source, name],
      ],
      served_model_name: name,
      base_url: `http://${urlHost(s.host)}:${s.port}/v1`,
    };
  },
};
