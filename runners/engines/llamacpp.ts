import { UnsafeServeError } from './safe-arg.ts';
import { NO_END_TOKEN_RULES, urlHost, type EngineAdapter } from './types.ts';

/**
 * llama.cpp server (llama-server). tools/server: each token's text is common_token_to_piece(ctx, tok,
 * accept_special_token) with accept_special_token = params_base.special (the --special server flag) or a
 * chat-template preserved token; stop strings are matched on that text and removed from it; no request field
 * changes it (the request's preserved_tokens aside, which the runner never sends); `seed` is a request field.
 * tools/server/server-context.cpp: an OpenAI-style stream ends with `data: [DONE]` once every result is sent; an
 * error mid-stream is sent as {"error": …} and the stream ends without it. src/llama-vocab.cpp marks
 * gpt-oss's <|channel|> <|message|> <|start|> <|constrain|> user-defined, so they are always rendered.
 * Flags: common/arg.cpp, listed in tools/server/README.md. It serves GGUF files only: `--hf-repo <repo>:<quant>`
 * downloads one quantisation from the Hub (no revision can be pinned).
 */
export const llamacpp: EngineAdapter = {
  label: 'llama.cpp',
  behaviour: {
    id: 'llamacpp',
    api: 'openai_completions',
    extraBody: {},
    specialTokensInText: 'server_flag',
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
    // tools/server/server-context.cpp process_token (001d906a6d86e2490e394361e7cc6f478b100088): the end-of-generation
    // check comes after the budget's and sets STOP_TYPE_EOS over STOP_TYPE_LIMIT, so a GGUF's end tokens need no reading.
    budgetBeforeStop: false,
    endTokenRules: NO_END_TOKEN_RULES,
    readyRoute: 'health',
    // One model per server (no router mode): the request's model is not checked.
    unknownModel: 'answered',
  },
  reservedFlags: ['model', 'hf-repo', 'hf-file', 'model-url', 'alias', 'ctx-size', 'host', 'port', 'special', 'no-special', 'jinja', 'no-jinja', 'chat-template', 'chat-template-file', 'chat-template-kwargs', 'api-key'],
  serve(s) {
    if (!s.ggufQuant) throw new UnsafeServeError('serving.gguf_quant: llama.cpp serves GGUF files: give the quantisation to serve from the GGUF repository in hf.repo (e.g. Q4_K_M)');
    // --special: special tokens stay in the text, so stops on role headers match (docs/runner.md, "llama.cpp").
    const argv = ['llama-server', '--hf-repo', `${s.repo}:${s.ggufQuant}`, '--alias', s.id, '--ctx-size', s.maxLen, '--host', s.host, '--port', String(s.port), '--special'];
    return { argv, then: [], served_model_name: s.id, base_url: `http://${urlHost(s.host)}:${s.port}/v1` };
  },
};
