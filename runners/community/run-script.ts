import { scrubUrls } from '../client/endpoints.ts';
import { EXIT_CODES, failureOutcome, isFailure } from '../core/errors.ts';
import { shownPath } from '../core/terminal-text.ts';

/**
 * Run a workflow script's `main` when the file is executed (`npx node runners/community/<x>.ts`), not when a test
 * imports it: the exit code is main's. A failure is mapped as in every command (runners/core/errors.ts); any other
 * error is one line naming the script, exit 1 (a workflow log shows no stack); a line break in its message is shown as
 * `\n`, so a quoted API answer cannot print a line (or a workflow command) of its own.
 */
export function runAsScript(meta: ImportMeta, name: string, main: (argv: string[]) => Promise<number>): void {
  if (!meta.main) return;
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (e: unknown) => {
      // The message may quote a server (an endpoint's error body): no URL credentials, secrets or control characters.
      console.error(shownPath(scrubUrls(`${name}: ${(e as Error).message}`)));
      process.exitCode = isFailure(e) ? failureOutcome(e).code : EXIT_CODES.failure;
    },
  );
}
