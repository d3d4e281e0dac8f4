import { chatmlPrompt } from './chat-prompt.ts';
import type { SimContext } from './context.ts';
import { generate, type EngineRequest } from './generate.ts';
import { handleJudgeChat } from './judge-route.ts';
import { chatCompletion, textCompletion, usageOf, type Usage } from './responses.ts';
import { answeredAs } from './served-names.ts';

/** What the simulator answers a completion request with, before any fault or delivery. */
export type Answer =
  | { kind: 'generated'; chat: boolean; model: string; text: string; finish_reason: string; usage: Usage; matched_stop?: string | number | null }
  | { kind: 'judge'; payload: unknown }
  | { kind: 'refused'; status: number; message: string };

const JUDGE_LOG_SIZE = 50;

/**
 * The scripted judge answers chat requests for any model but the served one: the simulator serves one model
 * (listed by /v1/models) and, beside it, stands in for every judge a test configures (judge-route.ts reads its
 * behaviour from the judge's model name).
 */
export const isJudgeRequest = (ctx: SimContext, route: string, body: Record<string, unknown>): boolean =>
  route === '/v1/chat/completions' && body.model !== ctx.servedModel;

export async function answer(ctx: SimContext, route: string, body: Record<string, unknown>): Promise<Answer> {
  if (isJudgeRequest(ctx, route, body)) {
    ctx.judgeRequests.push(body);
    if (ctx.judgeRequests.length > JUDGE_LOG_SIZE) ctx.judgeRequests.shift();
    return { kind: 'judge', payload: await handleJudgeChat(body) };
  }
  const chat = route === '/v1/chat/completions';
  const prompt = chat ? chatmlPrompt((body.messages as Array<{ role?: string; content?: unknown }>) ?? []) : body.prompt;
  if (typeof prompt !== 'string') return { kind: 'refused', status: 400, message: 'prompt must be a string' };
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
  const out = generate(
    {
      prompt,
      temperature: typeof body.temperature === 'number' ? body.temperature : 1,
      top_p: typeof body.top_p === 'number' ? body.top_p : 1,
      seed: typeof body.seed === 'number' ? body.seed : null,
      max_tokens: typeof body.max_tokens === 'number' ? body.max_tokens : 16,
      // --misbehave ignore-stops: an ideal engine that drops the stop strings (emulated engines drop them themselves).
      stop: ctx.opts.misbehave?.has('ignore-stops') ? [] : stop,
    },
    ctx.gen,
    ctx.emulated ? ({ ...ctx.emulated, body } satisfies EngineRequest) : undefined,
  );
  if ('ok' in out && !out.ok) return { kind: 'refused', status: out.status, message: out.message };
  const g = out as { text: string; finish_reason: string; matched?: string | number; tokens: number };
  const model = typeof body.model === 'string' ? answeredAs(ctx, body.model) : ctx.servedModel;
  // SGLang names what the turn stopped on in every choice (matched_stop); the other engines have no such field.
  const sglang = ctx.opts.engine === 'sglang' && !chat ? { matched_stop: g.matched ?? null } : {};
  return { kind: 'generated', chat, model, text: g.text, finish_reason: g.finish_reason, usage: usageOf(prompt, g.text, g.tokens), ...sglang };
}

/** The non-streamed JSON body of an answer that is not a refusal. */
export function payloadOf(a: Exclude<Answer, { kind: 'refused' }>): unknown {
  if (a.kind === 'judge') return a.payload;
  return a.chat ? chatCompletion(a.model, a.text, a.finish_reason, a.usage) : textCompletion(a.model, a.text, a.finish_reason, a.usage, a.matched_stop);
}
