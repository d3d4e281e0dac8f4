import { mulberry32 } from '../../src/lib/metrics/prng.ts';

/**
 * A seeded subset of `n` items, kept in source order so the recorded ids read naturally.
 * The same seed and list always give the same subset; a larger n is a superset of a smaller one.
 */
export function seededSubset<T>(items: readonly T[], n: number | null, seed: number): T[] {
  if (n === null || n >= items.length) return [...items];
  const rand = mulberry32(seed);
  const idx = items.map((_, i) => i);
  for (let i = idx.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [idx[i], idx[j]] = [idx[j]!, idx[i]!];
  }
  return idx.slice(0, n).sort((a, b) => a - b).map((i) => items[i]!);
}

/** Shard i of n (1-based): every n-th item of the chosen list, so shards are disjoint and cover it. */
export function shardOf<T>(items: readonly T[], shard: { index: number; count: number } | null): T[] {
  if (!shard) return [...items];
  return items.filter((_, i) => i % shard.count === shard.index - 1);
}
