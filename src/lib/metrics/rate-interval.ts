import type { Estimate, IntervalMethod } from '../../schema/index.ts';
import { anyHitPerItem, bootstrapRate, type BootstrapOptions, type ItemCount } from './bootstrap.ts';
import { clusteredWilsonRate } from './clustered-wilson.ts';

/**
 * A pooled rate over item clusters with the interval the suite names: the percentile item bootstrap (suite v1)
 * or the clustered Wilson interval (suite v2). Null when nothing was judged.
 */
export function rateEstimate(items: readonly ItemCount[], method: IntervalMethod, opts: BootstrapOptions): Estimate | null {
  return method === 'wilson_deff' ? clusteredWilsonRate(items, opts.confidence) : bootstrapRate(items, opts);
}

/** Share of items with at least one hit (any-of-k): one unit per item, same method. */
export function anyOfKEstimate(items: readonly ItemCount[], method: IntervalMethod, opts: BootstrapOptions): Estimate | null {
  return rateEstimate(anyHitPerItem(items), method, opts);
}
