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
      process.exitCode = 1;
    },
  );
}
