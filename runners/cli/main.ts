import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useEnvProxy } from '../hub/proxy.ts';
import { failureOutcome } from '../core/errors.ts';
import { oneLine, terminalText } from '../core/terminal-text.ts';
import { exitUnlessSettled } from './exit-guard.ts';
import { moduleExt, packageVersion } from '../core/module-file.ts';

/**
 * The `userturn` command line. Each command is a module runners/cli/commands/<name>.ts exporting
 * `summary` (one line for --help) and `run(argv): Promise<number>` (the exit code). Adding a command is adding a file.
 */
export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
}

const commandsDir = join(dirname(fileURLToPath(import.meta.url)), 'commands');
/** .ts in a clone, .js in the installed package (compiled). */
const EXT = moduleExt(import.meta.url);

function commandNames(): string[] {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith(EXT) && !f.endsWith(`.test${EXT}`) && !f.endsWith(`.d${EXT}`))
    .map((f) => f.slice(0, -EXT.length))
    .sort();
}

async function loadCommand(name: string): Promise<Command | null> {
  if (!/^[a-z][a-z-]*$/.test(name) || !commandNames().includes(name)) return null;
  return (await import(join(commandsDir, `${name}${EXT}`))) as Command;
}

async function help(): Promise<void> {
  const lines = ['usage: userturn <command> [options]', '', 'commands:'];
  for (const name of commandNames()) {
    const cmd = await loadCommand(name);
    lines.push(`  ${name.padEnd(12)} ${cmd?.summary ?? ''}`);
  }
  lines.push('  version      print the version of userturn (also --version)');
  lines.push('', 'Run `userturn <command> --help` (or `userturn help <command>`) for the options of one command.', '', 'Exit codes (every command): 0 done; 1 bad input, judge config, file or endpoint (one line naming the', 'file and field); 2 usage error; 70 internal error (a bug). See docs/runner.md.');
  console.log(lines.join('\n'));
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    // `userturn help run` is `userturn run --help` (it printed the list of commands).
    const topic = name === 'help' && rest[0] ? await loadCommand(rest[0]) : null;
    if (topic) return topic.run(['--help']);
    await help();
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-V' || name === 'version') {
    console.log(packageVersion(import.meta.url));
    return 0;
  }
  const cmd = await loadCommand(name);
  if (!cmd) {
    console.error(terminalText(`userturn: unknown command "${oneLine(name)}". Run \`userturn --help\` for the list.`));
    return 2;
  }
  return cmd.run(rest);
}

/** Entry used by bin.ts and tests: run the command line and set the exit code. */
export function runMain(argv: string[]): void {
  useEnvProxy(); // HTTP(S)_PROXY / NO_PROXY for every request the CLI makes (Hub, datasets, judges, GitHub)
  exitUnlessSettled(main(argv)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      // Commands report their own failures (runners/cli/command.ts); what reaches here is mapped the same way:
      // a failure is its one line and exit code, anything else a bug with its stack (exit 70). Either may quote a
      // server, a file or a template's raise_exception: escaped as reportFailure escapes a command's failure.
      const { code, message } = failureOutcome(err);
      console.error(terminalText(`userturn: ${message}`));
      process.exitCode = code;
    },
  );
}

if (import.meta.main) runMain(process.argv.slice(2));
