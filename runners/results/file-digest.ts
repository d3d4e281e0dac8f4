import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';

const CHUNK = 1 << 20;

/**
 * sha-256 of a file and whether any of `needles` occurs in it, in one pass over 1 MB chunks (a needle split
 * between two chunks is found too). Throws what reading throws (e.g. ENOENT).
 */
export function digestFile(path: string, needles: readonly string[] = []): { sha256: string; found: boolean } {
  const h = createHash('sha256');
  const wanted = needles.map((n) => Buffer.from(n, 'utf8')).filter((b) => b.length > 0);
  const overlap = Math.max(0, ...wanted.map((b) => b.length - 1));
  const buf = Buffer.allocUnsafe(CHUNK);
  let tail = Buffer.alloc(0);
  let found = false;
  const fd = openSync(path, 'r');
  try {
    for (let n; (n = readSync(fd, buf, 0, CHUNK, null)) > 0; ) {
      const chunk = buf.subarray(0, n);
      h.update(chunk);
      if (found || wanted.length === 0) continue;
      // The seam: the end of the previous chunk with the start of this one.
      const seam = Buffer.concat([tail, chunk.subarray(0, overlap)]);
      found = wanted.some((w) => chunk.includes(w) || seam.includes(w));
      tail = Buffer.from(chunk.subarray(Math.max(0, n - overlap)));
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: h.digest('hex'), found };
}
