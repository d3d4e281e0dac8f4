import type { JudgeStamp, Verdict } from '../../src/schema/index.ts';
import { StorageError } from '../io/storage-error.ts';

/**
 * The verdict for a judge that threw: the judge contract says never throw, so the failure is recorded as a
 * judge_error, not dropped. A StorageError (its verdict cache cannot be written) is thrown again: it is the command's
 * failure, not the judge's, and stops it as every storage failure does.
 */
export function thrownVerdict(e: unknown, judge: JudgeStamp): Verdict {
  if (e instanceof StorageError) throw e;
  return { kind: 'judge_error', reason: `judge threw: ${(e as Error)?.message ?? String(e)}`.slice(0, 4000), judge: judge.id };
}
