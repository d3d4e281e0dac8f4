import type { ServerResponse } from 'node:http';
import { answer } from './answer.ts';
import type { SimContext } from './context.ts';
import { sendJson, sleep } from './http-io.ts';
import { closing } from './pacing.ts';
import { parsePrompt } from './prompt-parse.ts';
import { countRoute } from './stats.ts';

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

export async function ollamaGenerateRoute(ctx: SimContext, body: Record<string, unknown>, res: ServerResponse): Promise<void> {
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
  countRoute(ctx.stats, ROUTE, '200');
  if (body.stream === false) {
    sendJson(res, 200, { ...final, response: a.text });
    return;
  }
  const lines = (a.text.match(PIECE) ?? []).map((response) => `${JSON.stringify({ model: a.model, created_at, response, done: false })}\n`);
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  await ctx.pacer.send(res, closing(lines, `${JSON.stringify(final)}\n`), true);
}
