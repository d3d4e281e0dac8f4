/**
 * The fetch a GGUF header is read through (gguf-source.ts asks it for 2 MB ranges and keeps each answer whole,
 * `response.arrayBuffer()`). So this fetch:
 *  - refuses an error status (the reader would parse the error page);
 *  - takes at most the bytes the Range asked for, whatever came: a server that ignores Range and answers 200 with
 *    the whole file (GBs) is read up to the end of the range and cut off, never buffered;
 *  - records where the file ended (a short answer, or 416), so the caller can tell a header that runs past the
 *    end of the file (truncated, or a length that lies) from one that was read whole;
 *  - bounds the bytes and requests of one header read, and its time;
 *  - says a network failure or the time limit is one, never a corrupt file.
 */
import { causeOf } from './settings.ts';

export interface RangeState {
  /** The first byte past the end of the file, once an answer showed it; null while every range came back whole. */
  eof: number | null;
  /** X-Repo-Commit of the first answer (hub-fetch.ts carries it over a CDN redirect). */
  commit: string | null;
  requests: number;
}

export class RangeReadError extends Error {}

export interface RangeLimits {
  /** Bytes of the file the header may span (real headers with a 256k vocabulary are ~10 MB). */
  maxBytes: number;
  maxRequests: number;
  /** The whole header read, every request and body together. */
  timeoutMs: number;
}

export const RANGE_LIMITS: RangeLimits = { maxBytes: 64 * 2 ** 20, maxRequests: 40, timeoutMs: 120_000 };

function rangeOf(init: RequestInit | undefined): [number, number] {
  const h = new Headers(init?.headers).get('range');
  const m = h === null ? null : /^bytes=(\d+)-(\d+)$/.exec(h);
  if (m === null) throw new RangeReadError(`a GGUF header is read in ranges (asked for ${h ?? 'the whole file'})`);
  return [Number(m[1]), Number(m[2])];
}

/** Bytes [skip, skip+take) of a body, then the rest is cancelled (a body shorter than that gives what it had). */
async function slice(body: ReadableStream<Uint8Array> | null, skip: number, take: number): Promise<Uint8Array<ArrayBuffer>> {
  const out = new Uint8Array(new ArrayBuffer(take));
  if (body === null) return out.subarray(0, 0);
  const reader = body.getReader();
  let pos = 0; // bytes of the body seen
  let got = 0;
  try {
    while (got < take) {
      const { done, value } = await reader.read();
      if (done) break;
      const from = Math.max(0, skip - pos);
      const part = value.subarray(from, from + (take - got));
      out.set(part, got);
      got += part.length;
      pos += value.length;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return out.subarray(0, got);
}

export function rangeFetch(base: typeof fetch, limits: RangeLimits = RANGE_LIMITS): { fetch: typeof fetch; state: RangeState } {
  const state: RangeState = { eof: null, commit: null, requests: 0 };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const f: typeof fetch = async (input, init) => {
    const [start, end] = rangeOf(init);
    if (end >= limits.maxBytes) throw new RangeReadError(`the header runs past ${limits.maxBytes / 2 ** 20} MiB, more than any real GGUF header`);
    if (++state.requests > limits.maxRequests) throw new RangeReadError(`more than ${limits.maxRequests} range requests for one header`);
    const failed = (e: unknown) =>
      new RangeReadError(signal.aborted ? `bytes ${start}-${end}: not read within ${limits.timeoutMs / 1000} s` : `bytes ${start}-${end}: the connection failed (${causeOf(e)})`);
    const res = await base(input, { ...init, signal }).catch((e: unknown) => {
      throw failed(e);
    });
    state.commit ??= res.headers.get('x-repo-commit');
    if (res.status === 416) {
      await res.body?.cancel();
      state.eof = Math.min(state.eof ?? start, start);
      return new Response(new Uint8Array(0), { status: 206 });
    }
    if (res.status !== 200 && res.status !== 206) {
      await res.body?.cancel();
      const code = res.headers.get('x-error-code');
      throw new RangeReadError(`HTTP ${res.status}${code ? ` (${code})` : ''} for bytes ${start}-${end}`);
    }
    // 206 starts at the range; 200 (Range ignored) at byte 0 of the file.
    const want = end - start + 1;
    const bytes = await slice(res.body, res.status === 206 ? 0 : start, want).catch((e: unknown) => {
      throw failed(e);
    });
    if (bytes.length < want) state.eof = Math.min(state.eof ?? Infinity, start + bytes.length);
    return new Response(bytes, { status: 206 });
  };
  return { fetch: f, state };
}
