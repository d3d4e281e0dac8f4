import type { Verdict } from '../../src/schema/index.ts';
import type { Judge } from '../core/judge.ts';
import { StorageError } from '../io/storage-error.ts';
import { yieldToIo } from '../core/yield-to-io.ts';

/** Every judge's verdict on one user turn, in panel order. */
export async function judgeAll(judges: Judge[], input: Parameters<Judge['judge']>[0]): Promise<Verdict[]> {
  const out: Verdict[] = [];
  for (const j of judges) {
    // A cached judge yields only when it has to judge: a stored verdict costs no event-loop turn.
    if (!j.yieldsToIo) await yieldToIo();
    try {
      out.push(await j.judge(input));
    } catch (e) {
      if (e instanceof StorageError) throw e; // the verdict cache cannot be written: stops the run, not a judge fault
      // The judge contract says never throw; if one does, the failure is still recorded, not dropped.
      out.push({ kind: 'judge_error', reason: `judge threw: ${(e as Error).message}`.slice(0, 4000), judge: j.stamp.id });
    }
  }
  return out;
}
