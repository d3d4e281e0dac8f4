import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Thrown for bad command-line usage; commands turn it into exit code 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs with usage errors as UsageError (unknown flags, missing values). */
export function parseCommandArgs<O extends Options>(argv: string[], options: O, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

/** Run a command body, mapping UsageError to exit 2 with the command's usage text. */
export async function withUsage(usage: string, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`${e.message}\n\n${usage}`);
      return 2;
    }
    throw e;
  }
}

/** Parse a positive integer flag value or throw a UsageError naming the flag. */
export function intFlag(name: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageError(`--${name} must be an integer >= ${min}, got "${value}"`);
  return n;
}

/**
 * The same parser for scripts outside `userturn` (npm run demo, benchmarks): `--help` prints the usage and exits 0;
 * a usage error prints the message and the usage and exits 2, before the script starts any work.
 */
export function parseScriptArgs<O extends Options>(argv: string[], options: O, usage: string, allowPositionals = false) {
  try {
    const parsed = parseCommandArgs(argv, { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals);
    if ((parsed.values as { help?: boolean }).help) {
      console.log(usage);
      process.exit(0);
    }
    return parsed;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n\n${usage}`);
    process.exit(2);
  }
}
