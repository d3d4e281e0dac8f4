/**
 * Reads a GGUF header's byte ranges over HTTP for gguf-source.ts (its ReadRange). Each read:
 *  - refuses an error status (the reader would parse the error page);
 *  - takes at most the bytes asked for, whatever came: a server that ignores Range and answers 200 with the whole
 *    file (GBs) is read up to the end of the range and cut off, never buffered;
 *  - gives fewer bytes where the file ends (a short answer, or 416), which is how gguf-source.ts finds the file's end;
 *  - counts against the bounds of one header read: its bytes, its requests and its time;
 *  - says a network failure or the time limit is one, never a corrupt file.
 */
import type { ReadRange } from './gguf-source.ts';
import { causeOf } from './settings.ts';

export interface RangeState {
  /** X-Repo-Commit of the first answer (hub-fetch.ts carries it over a CDN redirect). */
  commit: string | null;
  requests: number;
}

export class RangeReadError extends Error {
  /** The HTTP status of a refused read; null when none came (a network failure, a limit). */
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.status = status;
  }
}

export interface RangeLimits {
  /** Bytes of the file the header may span (real headers with a 256k vocabulary are ~10 MB). */
  maxBytes: number;
  maxRequests: number;
  /** The whole header read, every request and body together. */
  timeoutMs: number;
}

export const RANGE_LIMITS: RangeLimits = { maxBytes: 64 * 2 ** 20, maxRequests: 40, timeoutMs: 120_000 };

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

/**
 * A ReadRange for `url` (sent with `headers`) through `base`, and what the reads saw. `pin` gives the URL of the file at
 * the commit the first answer names (null: keep `url`): a branch that moves on mid-read must not send a later range
 * of another commit's file.
 */
export function rangeReader(
  base: typeof fetch,
  url: string,
  headers: Record<string, string>,
  limits: RangeLimits = RANGE_LIMITS,
  pin: (commit: string) => string | null = () => null,
): { read: ReadRange; state: RangeState } {
  const state: RangeState = { commit: null, requests: 0 };
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const read: ReadRange = async (start, end) => {
    if (end >= limits.maxBytes) throw new RangeReadError(`the header runs past ${limits.maxBytes / 2 ** 20} MiB, more than any real GGUF header`);
    if (++state.requests > limits.maxRequests) throw new RangeReadError(`more than ${limits.maxRequests} range requests for one header`);
    const failed = (e: unknown) =>
      new RangeReadError(signal.aborted ? `bytes ${start}-${end}: not read within ${limits.timeoutMs / 1000} s` : `bytes ${start}-${end}: the connection failed (${causeOf(e)})`);
    const ask = () => base(url, { headers: { ...headers, range: `bytes=${start}-${end}` }, signal });
    // A connection that failed before any answer is asked once more: a keep-alive connection the server closed just
    // as this range went out on it (a loaded machine's reads can be seconds apart) reset a whole header read in CI.
    const res = await ask().catch((e: unknown) => {
      if (signal.aborted) throw failed(e);
      return ask().catch((again: unknown) => {
        throw failed(again);
      });
    });
    if (state.commit === null) {
      state.commit = res.headers.get('x-repo-commit');
      if (state.commit !== null) url = pin(state.commit) ?? url;
    }
    if (res.status === 416) {
      await res.body?.cancel();
      return new Uint8Array(0);
    }
    if (res.status !== 200 && res.status !== 206) {
      await res.body?.cancel();
      const code = res.headers.get('x-error-code');
      throw new RangeReadError(`HTTP ${res.status}${code ? ` (${code})` : ''} for bytes ${start}-${end}`, res.status);
    }
    // 206 starts at the range; 200 (Range ignored) at byte 0 of the file.
    return slice(res.body, res.status === 206 ? 0 : start, end - start + 1).catch((e: unknown) => {
      throw failed(e);
    });
  };
  return { read, state };
}
