import { createHash } from 'node:crypto';
import { mulberry32 } from '../../src/lib/metrics/prng.ts';

/** A PRNG seeded from arbitrary parts (the simulator's seed and the request): same request → same text. */
export function rngFor(...parts: Array<string | number>): () => number {
  const h = createHash('sha256').update(parts.join('\u0000')).digest();
  return mulberry32(h.readUInt32LE(0));
}

export const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
