import type { Verdict } from '../../src/schema/index.ts';
import type { Judge } from '../core/judge.ts';
import { thrownVerdict } from '../judge/thrown-verdict.ts';
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
      out.push(thrownVerdict(e, j.stamp));
    }
  }
  return out;
}
