import type { Verdict } from '../../src/schema/index.ts';
import { contentKey, type StageCache } from '../cache/stage-cache.ts';
import type { Judge } from '../core/judge.ts';
import { yieldToIo } from '../core/yield-to-io.ts';

/**
 * A judge whose verdicts are cached by content: the judge's fingerprint, then what it judges (question, the
 * assistant turn shown, the user turn, the dataset; not the sample id, which no judge reads). Errors are not
 * kept, so a rerun asks again. A judge without a fingerprint is returned as it is. It yields to pending I/O only
 * before judging, and not for a judge that never holds up I/O (the CPU stage's): a rerun's stored verdicts cost no
 * event-loop turn each.
 */
export function cachedJudge(judge: Judge, stages: StageCache): Judge {
  const version = judge.fingerprint;
  if (version === undefined) return judge;
  return {
    stamp: judge.stamp,
    fingerprint: version,
    yieldsToIo: true,
    judge: (input) =>
      stages.getOrComputeAsync<Verdict>('verdict', version, contentKey(input.question, input.response, input.user_turn, input.dataset ?? null), () => (judge.yieldsToIo ? judge.judge(input) : yieldToIo().then(() => judge.judge(input))), (v) => v.kind !== 'judge_error'),
  };
}
