import { RejectedAnswer } from './answer-check.ts';
import { sdkStatusError } from './sdk-errors.ts';
import { readFastChunk, type FastChunk } from './sse-fast-chunk.ts';

/**
 * A streamed /v1/completions answer (`stream: true`) read back into the shape of a non-streamed one, so that
 * validation, the cache and the audit fields do not depend on how it travelled. vLLM and SGLang send
 * `data: {chunk}` events: each chunk holds the next piece of choices[0].text, the last text chunk the
 * finish_reason, and with `stream_options.include_usage` a final chunk with no choices and the usage; then
 * `data: [DONE]`. An error while generating comes as `data: {"error": …}` (then [DONE] on vLLM and SGLang; llama.cpp
 * ends the stream after it without one) and is refused either way. A stream that ends
 * without [DONE] was cut: it is never taken as complete.
 */
interface Chunk {
  id?: unknown;
  created?: unknown;
  model?: unknown;
  system_fingerprint?: unknown;
  choices?: Array<{ index?: unknown; text?: unknown; finish_reason?: unknown }>;
  usage?: unknown;
  error?: { message?: unknown } | unknown;
}

/**
 * An error event that refuses the request itself: TGI (router/src/server.rs completions() and router/src/infer/mod.rs
 * into_openai_event, huggingface/text-generation-inference at db931fcf42da018a3657580c64bf2720f167f9ab) answers a
 * streamed request 200 and validates it only then, so a request it refuses (too long for its window, too many stop
 * strings) ends as `data:{"error":{"message":"Input validation error: …","http_status_code":422}}`. It is the 422 a
 * non-streamed request gets, and is not retried; its other errors (overloaded, failed generation) carry 422 too, so
 * the message, InferError::ValidationError's, is what tells them apart.
 */
const VALIDATION = /^Input validation error: /;

/** Fields copied from the chunks as a non-streamed answer carries them (first value seen wins). */
const TOP_FIELDS = ['id', 'created', 'model', 'system_fingerprint'] as const;

/**
 * An incremental reader of one streamed answer: `push` each piece of the body as it arrives, then `end`. Chunks of
 * the usual shape are read by readFastChunk; `fastPath: false` (tests and the benchmark only) parses every one.
 */
export function createSseCompletionReader({ fastPath = true }: { fastPath?: boolean } = {}) {
  const out: Record<string, unknown> = { object: 'text_completion' };
  let text = '';
  let finish: unknown = null;
  let done = false;
  const fast: FastChunk = { id: '', created: 0, model: '', text: '', finish: null };
  const apply = (data: string) => {
    if (data === '[DONE]') return void (done = true);
    const head = out.id === undefined || out.created === undefined || out.model === undefined;
    if (fastPath && readFastChunk(data, head, fast)) {
      // What the general path below does with a chunk of that shape: none of its fields is null, usage is.
      if (head) {
        if (out.id === undefined) out.id = fast.id;
        if (out.created === undefined) out.created = fast.created;
        if (out.model === undefined) out.model = fast.model;
      }
      text += fast.text;
      if (fast.finish !== null && fast.finish !== '') finish = fast.finish;
      return;
    }
    const c = JSON.parse(data) as Chunk;
    if (c.error !== undefined && c.error !== null) {
      const m = (c.error as { message?: unknown }).message;
      // TGI validates a streamed request inside the stream: its 422 comes as an event after a 200 (see VALIDATION).
      if (typeof m === 'string' && VALIDATION.test(m)) throw sdkStatusError(422, JSON.stringify({ error: c.error }), new Headers());
      throw new RejectedAnswer('stream_error', `error in stream: ${String(typeof m === 'string' ? m : JSON.stringify(c.error)).slice(0, 200)}`);
    }
    for (const k of TOP_FIELDS) if (c[k] !== undefined && c[k] !== null && out[k] === undefined) out[k] = c[k];
    for (const ch of c.choices ?? []) {
      if ((ch.index ?? 0) !== 0) continue;
      if (typeof ch.text === 'string') text += ch.text;
      // TGI sends finish_reason "" on every chunk before the last.
      if (ch.finish_reason !== undefined && ch.finish_reason !== null && ch.finish_reason !== '') finish = ch.finish_reason;
    }
    if (c.usage !== undefined && c.usage !== null) out.usage = c.usage;
  };
  const decoder = new TextDecoder();
  let buf = '';
  const drain = () => {
    let from = 0;
    for (let end = buf.indexOf('\n\n'); end >= 0; end = buf.indexOf('\n\n', from)) {
      const event = buf.slice(from, end);
      from = end + 2;
      if (done) continue;
      // One event: its `data:` lines joined by newlines; comments (":" keep-alives) and other fields ignored.
      if (event.startsWith('data: ') && !event.includes('\n')) apply(event.slice(6));
      else {
        const data = event.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(l.startsWith('data: ') ? 6 : 5));
        if (data.length > 0) apply(data.join('\n'));
      }
    }
    buf = buf.slice(from);
  };
  return {
    push(piece: Uint8Array): void {
      buf += decoder.decode(piece, { stream: true });
      // CRLF and CR line ends become LF; a CR at the end may be the first half of a CRLF.
      if (buf.includes('\r')) {
        const cr = buf.endsWith('\r');
        buf = (cr ? buf.slice(0, -1) : buf).replace(/\r\n?/g, '\n') + (cr ? '\r' : '');
      }
      drain();
    },
    end(): Record<string, unknown> {
      buf = (buf + decoder.decode()).replace(/\r\n?/g, '\n');
      drain();
      if (!done) throw new RejectedAnswer('incomplete', 'stream ended without data: [DONE] (cut)');
      out.choices = [{ index: 0, text, finish_reason: finish }];
      return out;
    },
  };
}

export async function readStreamedCompletion(body: ReadableStream<Uint8Array> | null): Promise<Record<string, unknown>> {
  if (!body) throw new SyntaxError('streamed response has no body');
  const reader = createSseCompletionReader();
  for await (const piece of body) reader.push(piece);
  return reader.end();
}
