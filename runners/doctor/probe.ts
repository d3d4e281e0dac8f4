import type { DatasetItem } from '../core/items.ts';
import type { ProbeSetup } from '../probe/types.ts';

/** The assistant answer the doctor's user-turn prompt carries: short, plain, no markup. */
export const PROBE_ANSWER = 'I worked through it step by step, and the answer is 42.';

/** The user-turn probe prompt of the item, as a run renders it, and the message texts inside it. */
export function userTurnProbe(setup: ProbeSetup, item: DatasetItem): { prompt: string; contents: string[] } {
  return { prompt: setup.builder.userTurnPrompt(item.question, PROBE_ANSWER), contents: [item.question, PROBE_ANSWER] };
}
