import type { IncomingMessage, ServerResponse } from 'node:http';
import { answer } from './answer.ts';
import type { SimContext } from './context.ts';
import { consumeByFault, hold, sendSpoiled } from './fault-apply.ts';
import type { FaultKind } from './faults.ts';
import { sendJson, sleep } from './http-io.ts';
import { closing } from './pacing.ts';
import { parsePrompt } from './prompt-parse.ts';
import { countRoute } from './stats.ts';
import { ollamaWindowRefusal } from './ollama-window.ts';

/**
 * Ollama's native POST /api/generate (runners/engines/ollama.ts has the source facts). With `raw: true` the prompt
 * is generated from as sent; without it Ollama applies the model's template again, here the prompt's own
 * template wrapping the whole (already rendered) prompt as one user message, so the model sees an assistant turn
 * to write and never the user turn the runner asked for. The answer streams as NDJSON unless `stream: false`.
 */
const ROUTE = '/api/generate';

/** The prompt as the model's template would wrap it as one user message, ready for the assistant's reply. */
export function templated(prompt: string): string {
  const { format } = parsePrompt(prompt);
  if (format === 'harmony') return `<|start|>user<|message|>${prompt}<|end|><|start|>assistant`;
  if (format === 'glm') return `<|user|>\n${prompt}<|assistant|>`;
  return `<|im_start|>user\n${prompt}<|im_end|>\n<|im_start|>assistant\n`;
}

const PIECE = / ?[^\s]+|\s+/g;

/**
 * A drawn fault as Ollama would show it: errors as `{"error": "…"}` (its shape, not OpenAI's); in an NDJSON stream,
 * the stream faults on its lines (stall before the first, half of them then silence or a reset, a cut line, every
 * line but the final `done: true` one). True when the fault replaced the answer before it was generated.
 */
async function consumeByOllamaFault(ctx: SimContext, kind: FaultKind | null, req: IncomingMessage, res: ServerResponse, streamed: boolean): Promise<boolean> {
  // A failed generation is Ollama's 500 (its own shape).
  if (kind === '500' || kind === '429' || kind === 'gen_error') {
    await sleep(kind === '429' ? 0 : ctx.opts.latencyMs / 2);
    countRoute(ctx.stats, ROUTE, kind);
    const headers: Record<string, string> = kind === '429' ? { 'retry-after': String(Math.max(1, Math.ceil(ctx.opts.retryAfterMs / 1000))) } : {};
    sendJson(res, kind === '429' ? 429 : 500, { error: kind === '429' ? 'simulated rate limit' : 'simulated internal error' }, headers);
    return true;
  }
  return consumeByFault(ctx, kind, ROUTE, req, res, streamed);
}

/** The NDJSON lines of an answer spoiled by a stream fault (null: not a stream fault), counted. */
function spoiledLines(ctx: SimContext, kind: FaultKind | null, lines: string[], final: string): { pieces: string[]; then: 'end' | 'hold' | 'reset' } | null {
  const half = Math.floor(lines.length / 2);
  if (kind === 'stall_mid' || kind === 'truncated') {
    countRoute(ctx.stats, ROUTE, kind);
    return { pieces: lines.slice(0, half), then: kind === 'stall_mid' ? 'hold' : 'reset' };
  }
  if (kind === 'malformed') {
    countRoute(ctx.stats, ROUTE, kind);
    const bad = lines[half] ?? final;
    return { pieces: closing([...lines.slice(0, half), `${bad.slice(0, Math.floor(bad.length / 2))}\n`, ...lines.slice(half + 1)], final), then: 'end' };
  }
  if (kind === 'no_done') {
    countRoute(ctx.stats, ROUTE, kind);
    return { pieces: lines, then: 'end' };
  }
  return null;
}

export async function ollamaGenerateRoute(ctx: SimContext, body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const kind = ctx.nextFault();
  const streamed = body.stream !== false;
  if (await consumeByOllamaFault(ctx, kind, req, res, streamed)) return;
  if (body.model !== ctx.servedModel) {
    countRoute(ctx.stats, ROUTE, '404');
    sendJson(res, 404, { error: `model '${String(body.model)}' not found` });
    return;
  }
  if (typeof body.prompt !== 'string') {
    countRoute(ctx.stats, ROUTE, '400');
    sendJson(res, 400, { error: 'prompt must be a string' });
    return;
  }
  const o = (body.options ?? {}) as Record<string, unknown>;
  const prompt = body.raw === true ? body.prompt : templated(body.prompt);
  const refused = ollamaWindowRefusal(ctx, body, prompt);
  if (refused) {
    countRoute(ctx.stats, ROUTE, '400');
    sendJson(res, 400, { error: refused });
    return;
  }
  const a = await answer(ctx, '/v1/completions', { model: body.model, prompt, temperature: o.temperature, top_p: o.top_p, seed: o.seed, max_tokens: o.num_predict, stop: o.stop });
  if (a.kind !== 'generated') {
    countRoute(ctx.stats, ROUTE, '400');
    sendJson(res, 400, { error: a.kind === 'refused' ? a.message : 'unexpected request' });
    return;
  }
  await sleep(ctx.opts.latencyMs);
  if (res.destroyed) return;
  const created_at = new Date(0).toISOString();
  const final = { model: a.model, created_at, response: '', done: true, done_reason: a.finish_reason, prompt_eval_count: a.usage.prompt_tokens, eval_count: a.usage.completion_tokens };
  // A spoiled answer is counted under its fault, a whole one as 200 (as /v1/completions counts them).
  if (!streamed) {
    if (sendSpoiled(ctx, kind, ROUTE, res, JSON.stringify({ ...final, response: a.text }))) return;
    countRoute(ctx.stats, ROUTE, '200');
    sendJson(res, 200, { ...final, response: a.text });
    return;
  }
  const lines = (a.text.match(PIECE) ?? []).map((response) => `${JSON.stringify({ model: a.model, created_at, response, done: false })}\n`);
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  if (kind === 'stall_first') {
    countRoute(ctx.stats, ROUTE, kind);
    res.flushHeaders();
    return hold(ctx, res);
  }
  const spoiled = spoiledLines(ctx, kind, lines, `${JSON.stringify(final)}\n`);
  if (!spoiled) {
    countRoute(ctx.stats, ROUTE, '200');
    await ctx.pacer.send(res, closing(lines, `${JSON.stringify(final)}\n`), true);
    return;
  }
  if (!(await ctx.pacer.send(res, spoiled.pieces, spoiled.then === 'end'))) return;
  if (spoiled.then === 'hold') hold(ctx, res);
  else if (spoiled.then === 'reset') setImmediate(() => res.socket?.destroy());
}
