import type { ResourceLimits } from 'node:worker_threads';

/**
 * The resource limits of the runner's worker threads (the run's CPU stage, validate's re-judging thread): a small
 * young generation, as the main thread's (probe/heap.ts caps its semi-spaces at start-up); the default one would add
 * tens of MB of RSS per thread.
 */
export const WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 6 };
