import type { Verdict } from '../../schema/verdict.ts';

/** True when at least two judges of the panel labelled the turn and their labels differ (judge errors are ignored). */
export function judgesDisagree(s: { verdicts: readonly Verdict[] }): boolean {
  const labels = new Set(s.verdicts.flatMap((v) => (v.kind === 'label' ? [v.label] : [])));
  return labels.size > 1;
}
