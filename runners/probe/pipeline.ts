import type { DatasetId, Sample } from '../../src/schema/index.ts';
import type { SampleSink } from '../core/sample-sink.ts';
import { runItem } from './item.ts';
import { totalRequests } from './requests.ts';
import type { ItemContext, ProbeDeps, ProbeOutput, ProbeSetup } from './types.ts';

/**
 * Suite v1 for one submission: per item, the assistant turn → verifier → a user turn for every sample of
 * every condition → verdicts of every judge. All requests go through `deps.complete` (cache, retries, limits).
 */
export async function runProbe(setup: ProbeSetup, deps: ProbeDeps): Promise<ProbeOutput> {
  const total = totalRequests(setup);
  let done = 0;
  let requestErrors = 0;
  const tick = (n = 1) => {
    done += n;
    deps.onProgress?.(done, total);
  };

  const ctx: ItemContext = {
    setup,
    deps,
    tick,
    countError: () => void requestErrors++,
    downloadOnly: new Set(setup.datasets.filter((d) => d.spec.download_only).map((d) => d.spec.id)),
  };

  const samples = new Map<DatasetId, Sample[]>();
  const perItem = new Map<DatasetId, Sample[][]>();
  const sink: SampleSink = deps.sink ?? {
    add(ds, index, list) {
      const arr = perItem.get(ds) ?? perItem.set(ds, []).get(ds)!;
      arr[index] = list;
    },
  };
  // A sliding window of items, in order: memory stays bounded however many items a run has. Each of the window's
  // lanes takes the next item when its own is done, so nothing waits in memory per queued item (a queue of every
  // item's task held 6.8 MB of heap at 100k requests).
  function* everyItem() {
    for (const d of setup.datasets) for (let index = 0; index < d.items.length; index++) yield { d, index };
  }
  const queue = everyItem();
  // Once an item has failed the run is over: items still queued are not started (Promise.all rejects at the
  // first failure but would otherwise let every queued item run on, sending requests whose results are lost), and
  // those in flight are stopped (deps.stop), or they would go on sending their further requests.
  let failed = false;
  const lane = async (): Promise<void> => {
    for (let next = queue.next(); !next.done && !failed; next = queue.next()) {
      const { d, index } = next.value;
      try {
        await sink.add(d.spec.id, index, await runItem(ctx, d.items[index]!));
      } catch (e) {
        if (!failed) deps.stop?.(e);
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: deps.itemWindow ?? 64 }, lane));
  for (const d of setup.datasets) samples.set(d.spec.id, (perItem.get(d.spec.id) ?? []).flat());
  return { samples, requestErrors };
}
