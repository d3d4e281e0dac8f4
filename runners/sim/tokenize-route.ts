import type { IncomingMessage, ServerResponse } from 'node:http';
import { chatmlPrompt } from './chat-prompt.ts';
import type { SimContext } from './context.ts';
import { errorBody, readBody, sendJson, sglangErrorBody } from './http-io.ts';
import { windowOf } from './context-window.ts';
import { countRoute } from './stats.ts';
import { simTokenize } from './tokenizer.ts';
import { versionRoute } from './version-route.ts';

type Messages = ReadonlyArray<{ role?: string; content?: unknown }>;

/** The served model's own chat template: ChatML, or Llama 3's headers when told to serve the wrong one. */
function servedChat(ctx: SimContext, messages: Messages): string {
  if (!ctx.opts.misbehave?.has('wrong-template')) return chatmlPrompt(messages);
  const turns = messages.map((m) => `<|start_header_id|>${m.role}<|end_header_id|>\n\n${typeof m.content === 'string' ? m.content : ''}<|eot_id|>`);
  return `<|begin_of_text|>${turns.join('')}<|start_header_id|>assistant<|end_header_id|>\n\n`;
}

const ids = (ctx: SimContext, text: string) => simTokenize(text, ctx.opts.misbehave?.has('split-special') ?? false);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * The engine-specific routes `userturn doctor` reads, in the shape of the engine the simulator emulates (vLLM
 * when none is named). Each answer follows the engine's documented shape (sources cited in runners/doctor/engine-api.ts).
 * Returns false when the request is not one of them.
 */
export async function engineApiRoute(ctx: SimContext, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  const engine = ctx.opts.engine ?? 'vllm';
  const key = `${req.method} ${path}`;
  const body = async (): Promise<Record<string, unknown>> => {
    try {
      const v = JSON.parse(await readBody(req)) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  // The version routes (llama.cpp's /props with them): version-route.ts.
  if (versionRoute(ctx, req, res, path)) return true;
  const send = (status: number, payload: unknown) => {
    countRoute(ctx.stats, path, String(status));
    sendJson(res, status, payload);
    return true;
  };
  if ((engine === 'vllm' && key === 'POST /tokenize') || (engine === 'sglang' && key === 'POST /v1/tokenize')) {
    const b = await body();
    const messages = Array.isArray(b.messages) && engine === 'vllm' ? (b.messages as Messages) : null;
    const text = messages ? servedChat(ctx, messages) : str(b.prompt);
    if (text === null) return send(400, engine === 'sglang' ? sglangErrorBody('prompt must be a string', 400) : errorBody('prompt must be a string', 'invalid_request_error'));
    const tokens = ids(ctx, text).map((t) => t.id);
    return send(200, { count: tokens.length, max_model_len: windowOf(ctx), tokens });
  }
  if (engine === 'tgi' && key === 'POST /tokenize') {
    const text = str((await body()).inputs);
    if (text === null) return send(422, { error: 'inputs must be a string', error_type: 'validation' });
    let at = 0;
    return send(200, ids(ctx, text).map((t) => ({ id: t.id, text: t.piece, start: at, stop: (at += t.piece.length) })));
  }
  if (engine === 'llamacpp' && key === 'POST /tokenize') {
    const b = await body();
    const text = str(b.content);
    if (text === null) return send(400, { error: { code: 400, message: 'content must be a string', type: 'invalid_request_error' } });
    const toks = ids(ctx, text);
    return send(200, { tokens: b.with_pieces === true ? toks.map((t) => ({ id: t.id, piece: t.piece })) : toks.map((t) => t.id) });
  }
  if (engine === 'llamacpp' && key === 'POST /apply-template') {
    const b = await body();
    return send(200, { prompt: servedChat(ctx, Array.isArray(b.messages) ? (b.messages as Messages) : []) });
  }
  return false;
}
