import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SimContext } from './context.ts';
import type { FaultKind } from './faults.ts';
import { GENERATION_ERROR, hold } from './fault-apply.ts';
import { sleep } from './http-io.ts';
import { closing } from './pacing.ts';
import type { Usage } from './responses.ts';
import { countRoute } from './stats.ts';
import { clientGone } from './delivery.ts';

/** A generated /v1/completions answer to send as a stream. */
export interface StreamedAnswer {
  model: string;
  text: string;
  finish_reason: string;
  usage: Usage;
  /** SGLang: what the turn stopped on, on the last chunk (null on the others); undefined for the other engines. */
  matched_stop?: string | number | null;
}

/** Word-like pieces, one per chunk, as an engine streams one token (or a few) per step. */
const PIECE = / ?[^\s]+|\s+/g;

/**
 * The events of a streamed /v1/completions answer as vLLM writes them (serving_completion.py,
 * completion_stream_generator): one `data: {chunk}` per step with every field present (`exclude_unset=False`),
 * the finish_reason on the last text chunk, then, when `stream_options.include_usage` is set, a chunk with no
 * choices and the usage (`exclude_none=True`); then `data: [DONE]`. SGLang writes the same events, each choice as its
 * CompletionResponseStreamChoice (`index, text, logprobs, finish_reason, matched_stop`: protocol.py at 9b116dff,
 * serving_completions.py at 7190e6fe, `chunk.model_dump_json()`), the usage chunk only with include_usage.
 */
export function streamEvents(a: StreamedAnswer, includeUsage: boolean): { chunks: string[]; usage: string | null } {
  const head = { id: 'cmpl-sim', object: 'text_completion', created: 0, model: a.model };
  const pieces = a.text.match(PIECE) ?? [''];
  const chunks = pieces.map((text, i) => {
    const finish_reason = i === pieces.length - 1 ? a.finish_reason : null;
    const choice =
      a.matched_stop === undefined
        ? { index: 0, text, logprobs: null, finish_reason, stop_reason: null, prompt_token_ids: null, token_ids: null }
        : { index: 0, text, logprobs: null, finish_reason, matched_stop: i === pieces.length - 1 ? a.matched_stop : null };
    return `data: ${JSON.stringify({ ...head, choices: [choice], usage: null })}\n\n`;
  });
  return { chunks, usage: includeUsage ? `data: ${JSON.stringify({ ...head, choices: [], usage: a.usage })}\n\n` : null };
}

const DONE = 'data: [DONE]\n\n';

/**
 * Send a streamed answer, or spoil it with the drawn fault: `stall_first` (headers, then nothing), `stall_mid`
 * (half the chunks, then nothing), `no_done` (every chunk, no [DONE]), `truncated` (half the chunks, then a
 * reset), `malformed` (a chunk of cut JSON), `gen_error` (half the chunks, then vLLM's error event and [DONE]). Headers go out at once, as vLLM and SGLang send them before the
 * request is scheduled; the latency is the wait for the first chunk, and the pacer (pacing.ts) sends the rest.
 */
export async function sendStream(ctx: SimContext, kind: FaultKind | null, route: string, req: IncomingMessage, res: ServerResponse, a: StreamedAnswer, includeUsage: boolean, onDelivered: () => void): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
  if (kind === 'stall_first') {
    countRoute(ctx.stats, route, kind);
    return hold(ctx, res);
  }
  await sleep(ctx.opts.latencyMs);
  if (res.destroyed) return;
  if (clientGone(ctx.stats, route, req, res)) return;
  const { chunks, usage } = streamEvents(a, includeUsage);
  const half = Math.floor(chunks.length / 2);
  if (kind === 'stall_mid' || kind === 'truncated') {
    countRoute(ctx.stats, route, kind);
    if (!(await ctx.pacer.send(res, chunks.slice(0, half), false))) return;
    if (kind === 'stall_mid') return hold(ctx, res);
    setImmediate(() => res.socket?.destroy());
    return;
  }
  if (kind === 'malformed') {
    countRoute(ctx.stats, route, kind);
    const bad = chunks[half]!;
    await ctx.pacer.send(res, closing([...chunks.slice(0, half), `${bad.slice(0, Math.floor(bad.length / 2))}\n\n`, ...chunks.slice(half + 1)], (usage ?? '') + DONE), true);
    return;
  }
  if (kind === 'gen_error') {
    countRoute(ctx.stats, route, kind);
    await ctx.pacer.send(res, closing(chunks.slice(0, half), `data: ${JSON.stringify(GENERATION_ERROR)}\n\n${DONE}`), true);
    return;
  }
  if (kind === 'no_done') {
    countRoute(ctx.stats, route, kind);
    await ctx.pacer.send(res, closing(chunks, usage ?? ''), true);
    return;
  }
  if (!(await ctx.pacer.send(res, closing(chunks, (usage ?? '') + DONE), true, onDelivered))) countRoute(ctx.stats, route, 'client_gone');
}
