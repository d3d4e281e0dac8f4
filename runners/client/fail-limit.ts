import { RequestFailed, type CompletionBody, type CompletionResult } from './types.ts';
import { ServerError } from '../core/errors.ts';

/** `--fail-on-error N|P%`: stop the run when failed requests exceed a count or a share (as Inspect's fail_on_error). */
export type FailLimit = { kind: 'count'; max: number } | { kind: 'share'; max: number };

/** A share is judged only after this many finished requests (one early failure is not 100%). */
export const MIN_REQUESTS_FOR_SHARE = 20;

/** Thrown when the limit is exceeded: the run stops and writes no result. */
export class TooManyFailures extends ServerError {}

/** Parse "5" (more than 5 failed requests) or "10%" (more than 10% of finished requests); null when not valid. */
export function parseFailLimit(v: string): FailLimit | null {
  const count = /^(\d+)$/.exec(v);
  if (count) return { kind: 'count', max: Number(count[1]) };
  const share = /^(\d+(?:\.\d+)?)%$/.exec(v);
  if (share && Number(share[1]) <= 100) return { kind: 'share', max: Number(share[1]) / 100 };
  return null;
}

/** `complete` that counts failed requests and throws TooManyFailures once the limit is exceeded. */
export function withFailLimit(complete: (b: CompletionBody) => Promise<CompletionResult>, limit: FailLimit) {
  let failed = 0;
  let finished = 0;
  return async (b: CompletionBody): Promise<CompletionResult> => {
    try {
      const r = await complete(b);
      finished++;
      return r;
    } catch (e) {
      if (!(e instanceof RequestFailed)) throw e;
      failed++;
      finished++;
      const over = limit.kind === 'count' ? failed > limit.max : finished >= MIN_REQUESTS_FOR_SHARE && failed / finished > limit.max;
      if (over) {
        const what = limit.kind === 'count' ? `more than ${limit.max}` : `more than ${Math.round(limit.max * 1000) / 10}% of ${finished}`;
        throw new TooManyFailures(`stopped: ${failed} requests failed after retries, ${what} (--fail-on-error); the last: ${e.message}. No result was written; finished requests are cached, so a rerun resumes.`);
      }
      throw e;
    }
  };
}
