import type { Agreement } from '../../schema/summary.ts';
import type { Label } from '../../schema/taxonomy.ts';
import type { Verdict } from '../../schema/verdict.ts';
import { confusionMatrix } from './confusion.ts';
import { cohenKappa, percentAgreement } from './kappa.ts';

/** Agreement between two judges over the samples where both gave a label (judge errors are left out). */
export function pairAgreement(judgeA: string, judgeB: string, verdictLists: ReadonlyArray<ReadonlyArray<Verdict>>): Agreement {
  const pairs: Array<readonly [Label, Label]> = [];
  for (const verdicts of verdictLists) {
    const a = verdicts.find((v) => v.judge === judgeA);
    const b = verdicts.find((v) => v.judge === judgeB);
    if (a?.kind === 'label' && b?.kind === 'label') pairs.push([a.label, b.label]);
  }
  const m = confusionMatrix(pairs);
  return { judge_a: judgeA, judge_b: judgeB, n: pairs.length, percent: percentAgreement(m), kappa: cohenKappa(m), confusion: m };
}

/**
 * Every pair of judges of a panel, in panel order (the primary judge first, so it is always judge_a of its pairs).
 * `judges` is the panel's judge ids; `verdictLists` holds one verdict list per sample.
 */
export function panelAgreement(judges: readonly string[], verdictLists: ReadonlyArray<ReadonlyArray<Verdict>>): Agreement[] {
  const out: Agreement[] = [];
  for (let i = 0; i < judges.length; i++) {
    for (let j = i + 1; j < judges.length; j++) out.push(pairAgreement(judges[i] as string, judges[j] as string, verdictLists));
  }
  return out;
}
