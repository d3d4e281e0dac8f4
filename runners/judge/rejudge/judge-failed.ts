import { ConfigError, FileSystemError, InputError, ServerError, UsageError, type Failure, type FailureKind } from '../../core/errors.ts';

const OF_KIND: Record<FailureKind, new (message: string) => Failure> = { usage: UsageError, input: InputError, config: ConfigError, storage: FileSystemError, server: ServerError };

/**
 * A judge of a panel failed: the same kind of failure (so the same exit code), its message prefixed with which judge
 * it was and that the result was left as it was.
 */
export function judgeFailed(e: Failure, judge: { name: string; id: string }, at: number, of: number, shown: string): Failure {
  return new OF_KIND[e.kind](`judge ${at} of ${of} (${judge.name}, ${judge.id}) failed, so nothing was written and ${shown} is as it was: ${e.message}`);
}

/** A judge whose endpoint cannot be reached fails the rejudge (a panel with it): a rerun takes its answered verdicts from the cache. */
export class JudgeUnreachable extends ServerError {}
