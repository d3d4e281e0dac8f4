import { terminalText } from './terminal-text.ts';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { failureOutcome, isFailure, UsageError } from './errors.ts';
import { joinNegativeValues, unknownOptionMessage } from './arg-words.ts';

/**
 * Command-line parsing shared by `userturn` (runners/cli) and the scripts outside it (npm run demo, workflow
 * scripts, benchmarks). It sits below runners/cli so that those scripts need not import the CLI.
 */
export type Options = NonNullable<ParseArgsConfig['options']>;

/** The --help flag every command and script accepts. */
export const HELP_FLAG = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * node:util parseArgs with usage errors as UsageError (unknown flags, missing values); a negative number after a flag
 * is its value (`--limit -1` meets --limit's range check), and an unknown flag is named with the nearest known one.
 */
export function parseCommandArgs<O extends Options>(argv: string[], options: O, allowPositionals = true) {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNegativeValues(argv, options), options, allowPositionals, strict: true, tokens: true });
  } catch (e) {
    const unknown = (e as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? /^Unknown option '([^']+)'/.exec((e as Error).message) : null;
    throw new UsageError(unknown ? unknownOptionMessage(unknown[1]!, options) : (e as Error).message);
  }
  // A flag that takes one value, given twice, would keep the last silently (a review's --limit 1 --limit 2).
  const seen = new Map<string, number>();
  for (const t of parsed.tokens) if (t.kind === 'option' && !options[t.name]?.multiple) seen.set(t.name, (seen.get(t.name) ?? 0) + 1);
  for (const [name, n] of seen) if (n > 1) throw new UsageError(`--${name} is given ${n} times; give it once`);
  return parsed;
}

/** The longest a Node timer can wait (2^31 − 1 ms, 24.8 days): a longer one fires after 1 ms, with only a warning. */
export const TIMER_MAX_MS = 2 ** 31 - 1;

/** Parse a positive integer flag value or throw a UsageError naming the flag. */
export function intFlag(name: string, value: string | undefined, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  // Number('') is 0: an empty value (`--loading-ms ""`) is refused, not taken as 0.
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be an integer >= ${min}, got "${value}"`);
  if (n > max) throw new UsageError(`--${name} must be at most ${max}, got "${value}"`);
  return n;
}

/** Print a failure the one way (a usage error with the usage text) and give its exit code; a bug is rethrown. */
export function reportFailure(e: unknown, usage: string): number {
  if (!isFailure(e)) throw e;
  const { code, message } = failureOutcome(e);
  // A failure's message may quote a server (an endpoint's error body): no control character reaches the terminal.
  console.error(terminalText(e.kind === 'usage' ? `${message}\n\n${usage}` : message));
  return code;
}

/**
 * The parser for scripts outside `userturn` (npm run demo, benchmarks): `--help` prints the usage and exits 0;
 * a usage error prints the message and the usage and exits 2, before the script starts any work.
 */
export function parseScriptArgs<O extends Options>(argv: string[], options: O, usage: string, allowPositionals = false) {
  try {
    const parsed = parseCommandArgs(argv, { ...options, ...HELP_FLAG }, allowPositionals);
    if ((parsed.values as { help?: boolean }).help) {
      console.log(usage);
      process.exit(0);
    }
    return parsed;
  } catch (e) {
    process.exit(reportFailure(e, usage));
  }
}
