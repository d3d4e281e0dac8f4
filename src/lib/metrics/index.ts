export { mulberry32, hashSeed } from './prng.ts';
export { quantileSorted, round6 } from './quantile.ts';
export { bootstrapRate, anyOfK, pairedDelta, type ItemCount, type PairedItem, type BootstrapOptions } from './bootstrap.ts';
export { spearman, ranks } from './spearman.ts';
export { rate } from './rate.ts';
export { wilsonInterval, normalQuantile } from './wilson.ts';
export { clusteredWilsonRate, designEffect } from './clustered-wilson.ts';
export { rateEstimate, anyOfKEstimate } from './rate-interval.ts';
export { exactMcNemar, fisherExact, holmAdjust } from './exact-tests.ts';
