import type { Judge } from '../core/judge.ts';
import { startCpuStage, type CpuStage } from './cpu-stage.ts';

/**
 * The CPU stage, its worker started at the first call: a fully cached rerun judges and verifies nothing, so it
 * never starts the thread (nor loads the judge's and verifiers' modules in it).
 */
export function lazyCpuStage(): CpuStage {
  let stage: CpuStage | null = null;
  const started = () => (stage ??= startCpuStage());
  return {
    // Off the event loop, as the stage's own judge says (yieldsToIo): the cache in front of it need not yield first.
    judge: (j: Judge): Judge => ({ stamp: j.stamp, fingerprint: j.fingerprint, yieldsToIo: true, judge: (input) => started().judge(j).judge(input) }),
    verify: (item, answer) => started().verify(item, answer),
    close: async () => {
      await stage?.close();
    },
  };
}
