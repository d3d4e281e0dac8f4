import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestKey } from '../cache/key.ts';
import { answer, payloadOf } from './answer.ts';
import type { SimContext } from './context.ts';
import { consumeByFault, sendSpoiled } from './fault-apply.ts';
import { sendJson, sleep } from './http-io.ts';
import { templated } from './ollama-route.ts';
import { sendRefusal } from './refusal.ts';
import { unknownModelAnswer } from './model-check.ts';
import { windowRefusal } from './context-window.ts';
import { sglangWindow } from './sglang-window.ts';
import { llamacppWindow } from './llamacpp-window.ts';
import { tgiWindowRefusal } from './tgi-window.ts';
import { countRoute } from './stats.ts';
import { clientGone } from './delivery.ts';
import { sendStream } from './stream-route.ts';

/** The request as the runner keys it in its cache: how the answer travels (stream or not) is not part of it. */
function keyOf(body: Record<string, unknown>): string {
  const { stream: _stream, stream_options: _options, ...rest } = body;
  return requestKey(rest);
}

/**
 * POST /v1/completions and /v1/chat/completions: refuse a model the imitated engine does not serve, draw a fault,
 * answer, wait the latency, deliver. A generated
 * /v1/completions answer is streamed when the request asks for it (`stream: true`); chat answers (the judge's
 * too) always come in one piece.
 */
export async function completionRoute(ctx: SimContext, route: string, sent: Record<string, unknown>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  // Checked first, as engines check the name (then vLLM, SGLang and llama.cpp the window) before they generate; chat for
  // other names is the judge (answer.ts).
  const edge = route !== '/v1/completions' ? null : ctx.opts.engine === 'sglang' ? sglangWindow(ctx, sent) : ctx.opts.engine === 'llamacpp' ? llamacppWindow(ctx, sent) : null;
  const refused = route === '/v1/completions' ? (unknownModelAnswer(ctx, sent.model) ?? windowRefusal(ctx, sent) ?? (edge && 'refused' in edge ? edge.refused : null)) : null;
  if (refused) {
    countRoute(ctx.stats, route, String(refused.status));
    sendJson(res, refused.status, refused.body);
    return;
  }
  // TGI validates a streamed request inside the stream: its refusal comes in TGI's shape (refusal.ts).
  const tgiRefused = route === '/v1/completions' && ctx.opts.engine === 'tgi' ? tgiWindowRefusal(ctx, sent) : null;
  if (tgiRefused) {
    countRoute(ctx.stats, route, String(sendRefusal(res, 'tgi', sent.stream === true, 422, tgiRefused)));
    return;
  }
  // SGLang and llama.cpp generate within what their window leaves (sglang-window.ts, llamacpp-window.ts); the request
  // keeps its own key.
  const clipped = edge && 'maxTokens' in edge && edge.maxTokens !== sent.max_tokens ? { ...sent, max_tokens: edge.maxTokens } : sent;
  // Ollama's /v1/completions has no raw mode: it wraps the prompt in the model's template again.
  const body = ctx.opts.engine === 'ollama' && route === '/v1/completions' && typeof sent.prompt === 'string' ? { ...sent, prompt: templated(sent.prompt) } : clipped;
  const kind = ctx.nextFault();
  const streamed = body.stream === true && route === '/v1/completions';
  if (await consumeByFault(ctx, kind, route, req, res, streamed)) return;
  const a = await answer(ctx, route, body);
  if (a.kind === 'refused') {
    countRoute(ctx.stats, route, String(sendRefusal(res, ctx.opts.engine, streamed, a.status, a.message)));
    return;
  }
  const key = keyOf(sent);
  if (streamed && a.kind === 'generated') {
    const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    await sendStream(ctx, kind, route, req, res, a, includeUsage, () => {
      ctx.stats.streamed++;
      ctx.delivery.delivered(req.socket, key, route);
    });
    return;
  }
  await sleep(ctx.opts.latencyMs);
  if (res.destroyed) return;
  if (clientGone(ctx.stats, route, req, res)) return;
  const text = JSON.stringify(payloadOf(a));
  if (sendSpoiled(ctx, kind, route, res, text)) return;
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text, () => ctx.delivery.delivered(req.socket, key, route));
}
