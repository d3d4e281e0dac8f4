import type { ItemScore } from '../../src/schema/index.ts';
import type { VerifierItem } from '../core/items.ts';
import { StorageError } from '../io/storage-error.ts';
import { CpuStageClosed } from './cpu-stage.ts';

/** A verifier: in this thread, or answered by the CPU stage's worker (cpu-stage.ts). */
export type VerifyFn = (item: VerifierItem, answer: string) => ItemScore | Promise<ItemScore>;

/**
 * The verifier, guarded: when it throws (the verifiers never should, so a bug) accuracy is null for that item and
 * the problem is logged once per dataset, so a verifier fault never aborts a probe run. A storage error (the
 * score cache cannot be written) is not a verifier fault: it stops the run like every other storage error.
 */
export function safeVerifier(log: (msg: string) => void, fn: VerifyFn): (item: VerifierItem | null, answer: string) => Promise<ItemScore | null> {
  const reported = new Set<string>();
  return async (item, answer) => {
    if (!item) return null;
    try {
      return await fn(item, answer);
    } catch (e) {
      // Nor is a call the run itself cut short by closing the CPU stage (it is over, and its results are not kept).
      if (e instanceof StorageError || e instanceof CpuStageClosed) throw e;
      if (!reported.has(item.dataset)) {
        reported.add(item.dataset);
        log(`verifier for ${item.dataset} failed (${(e as Error).message}); accuracy is null for the affected items`);
      }
      return null;
    }
  };
}
