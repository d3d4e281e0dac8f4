import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, createZstdDecompress } from 'node:zlib';

const DECODERS: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
  zstd: createZstdDecompress,
};

/**
 * The decoder of a response's `content-encoding`: null for none (or identity), a message for one the runner cannot
 * read. The runner asks for no encoding, but a proxy may compress anyway (nginx `gzip_static always`, a gateway that
 * compresses every JSON body); undici's dispatcher, unlike fetch, hands over the bytes as they came. Undecoded, every
 * such answer was refused as cut or malformed and retried until it failed, its reason binary text.
 */
export function bodyDecoder(header: string | string[] | undefined): Transform | null | string {
  if (header === undefined) return null;
  const name = String(header).trim().toLowerCase();
  if (name === '' || name === 'identity') return null;
  const make = DECODERS[name];
  return make ? make() : `response content-encoding "${name.slice(0, 40)}" is not one the runner reads (gzip, deflate, br, zstd)`;
}
