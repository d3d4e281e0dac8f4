import { UsageError } from '../cli/args.ts';

/**
 * Run a workflow script's `main` when the file is executed (`npx node runners/community/<x>.ts`), not when a test
 * imports it: the exit code is main's, and an unexpected error is one line naming the script, exit 1.
 */
export function runAsScript(meta: ImportMeta, name: string, main: (argv: string[]) => Promise<number>): void {
  if (!meta.main) return;
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      console.error(`${name}: ${(e as Error).message}`);
      // A command-line mistake (unknown flag, missing value) is a usage error, as everywhere else: exit 2.
      const code = (e as { code?: unknown }).code;
      process.exitCode = e instanceof UsageError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) ? 2 : 1;
    },
  );
}
