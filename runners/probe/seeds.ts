import { hashSeed } from '../../src/lib/metrics/prng.ts';

/**
 * Per-request seed from the suite seed, the dataset, the item, the condition and the sample index.
 * Kept below 2^31 so every OpenAI-compatible server accepts it as an int.
 */
export const sampleSeed = (suiteSeed: number, dataset: string, itemId: string, condition: string, k: number): number =>
  hashSeed(suiteSeed, dataset, itemId, condition, k) & 0x7fffffff;

export const assistantSeed = (suiteSeed: number, dataset: string, itemId: string): number => hashSeed(suiteSeed, dataset, itemId, 'assistant') & 0x7fffffff;
