import { oneLine } from './terminal-text.ts';

/**
 * The one way a runner command fails. Every error a user can cause or fix is a `Failure`: a class whose `kind`
 * says what went wrong, and the kind alone decides the exit code (see EXIT_CODES and docs/runner.md). Modules keep
 * their own error names (SetupError, JudgeConfigError, …) as subclasses of one of these; anything else thrown is a
 * bug, reported with its stack as an internal error.
 */
export type FailureKind = 'usage' | 'input' | 'config' | 'storage' | 'server';

/** Exit codes of every `userturn` command and runner script. */
export const EXIT_CODES = {
  ok: 0,
  /** Bad input, a bad judge config, a file that cannot be read or written, an endpoint that fails. */
  failure: 1,
  /** Bad command line: unknown flag, missing or malformed value. */
  usage: 2,
  /** A bug (an error that is not a Failure). */
  internal: 70,
} as const;

abstract class FailureBase extends Error {
  abstract readonly kind: FailureKind;
}

/** Bad command-line usage (unknown flag, missing value, contradictory flags). */
export class UsageError extends FailureBase {
  readonly kind = 'usage';
}
/** A file given to the command is missing or does not validate (submission, suite, result, JSONL lines…). */
export class InputError extends FailureBase {
  readonly kind = 'input';
}
/** A judge (or other tool) configuration that cannot be used. */
export class ConfigError extends FailureBase {
  readonly kind = 'config';
}
/** A file that cannot be read or written for reasons of the machine (disk full, read-only, permissions). */
export class FileSystemError extends FailureBase {
  readonly kind = 'storage';
}
/** An endpoint that cannot be used or fails too often. */
export class ServerError extends FailureBase {
  readonly kind = 'server';
}

/** Every failure a command reports without a stack trace, discriminated by `kind`. */
export type Failure = UsageError | InputError | ConfigError | FileSystemError | ServerError;

export function isFailure(e: unknown): e is Failure {
  return e instanceof FailureBase;
}

/** The exit code of each kind: the type makes a new kind choose one. */
const EXIT_CODE_OF: Record<FailureKind, number> = { usage: EXIT_CODES.usage, input: EXIT_CODES.failure, config: EXIT_CODES.failure, storage: EXIT_CODES.failure, server: EXIT_CODES.failure };

/** The exit code and the message for any error a command lets escape (a bug: its stack, exit 70). */
export function failureOutcome(e: unknown): { code: number; message: string } {
  if (isFailure(e)) return { code: EXIT_CODE_OF[e.kind], message: e.message };
  return { code: EXIT_CODES.internal, message: `internal error: ${bugText(e)}` };
}

/** A bug's stack with its message on one line: the message may quote a server or a file, and a line break in it would print a line of its own. */
function bugText(e: unknown): string {
  if (!(e instanceof Error)) return oneLine(String(e));
  const stack = e.stack ?? e.message;
  const at = e.message ? stack.indexOf(e.message) : -1;
  return at < 0 ? stack : `${stack.slice(0, at)}${oneLine(e.message)}${stack.slice(at + e.message.length)}`;
}
