/** Seeded PRNG (mulberry32): deterministic across platforms, so bootstrap CIs reproduce byte for byte. */
export function mulberry32(seed: number): () => number {
  // The state is kept as a signed 32-bit integer: every use of it goes through ToInt32/ToUint32, so the numbers are
  // the same as with `>>> 0`, but a value above 2^31 in a closure slot is a heap allocation per draw.
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `Math.floor(mulberry32(seed)() * n)` draw after draw, as one function returning small integers: the bootstrap
 * draws millions of indices, and a returned double is a heap allocation each time the call is not inlined.
 */
export function mulberry32Index(seed: number): (n: number) => number {
  let a = seed | 0;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** 32-bit FNV-1a of a string: derives sub-seeds from names (dataset, condition) without collisions in practice. */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}
