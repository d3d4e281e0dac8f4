import pLimit from 'p-limit';
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
  // A sliding window of items, in order: memory stays bounded however many items a run has.
  const window = pLimit(deps.itemWindow ?? 64);
  // Once an item has failed the run is over: items still queued are not started (Promise.all rejects at the
  // first failure but would otherwise let every queued item run on, sending requests whose results are lost).
  let failed = false;
  await Promise.all(
    setup.datasets.flatMap((d) =>
      d.items.map((item, index) =>
        window(async () => {
          if (failed) return;
          try {
            await sink.add(d.spec.id, index, await runItem(ctx, item));
          } catch (e) {
            failed = true;
            throw e;
          }
        }),
      ),
    ),
  );
  for (const d of setup.datasets) samples.set(d.spec.id, (perItem.get(d.spec.id) ?? []).flat());
  return { samples, requestErrors };
}
