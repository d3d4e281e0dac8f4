import { HELP_FLAG, parseCommandArgs, reportFailure, type Options } from '../core/args.ts';

/** What a command declares: its usage text (printed by --help and after a usage error) and its flags. */
export interface CommandSpec<O extends Options> {
  usage: string;
  options: O;
  /** Whether bare arguments (files, folders) are accepted (default true). */
  positionals?: boolean;
}

/**
 * The frame of every `userturn` command: parses the flags (--help prints the usage, exit 0), runs the body, and
 * turns a failure it throws into its one-line message and exit code (runners/core/errors.ts). A bug propagates
 * to main, which reports it as an internal error with its stack.
 */
export async function runCommand<O extends Options>(
  argv: string[],
  spec: CommandSpec<O>,
  body: (args: ReturnType<typeof parseCommandArgs<O & typeof HELP_FLAG>>) => Promise<number>,
): Promise<number> {
  try {
    const args = parseCommandArgs(argv, { ...spec.options, ...HELP_FLAG }, spec.positionals ?? true);
    if ((args.values as { help?: boolean }).help) {
      console.log(spec.usage);
      return 0;
    }
    return await body(args);
  } catch (e) {
    return reportFailure(e, spec.usage);
  }
}
