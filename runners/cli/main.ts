import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { useEnvProxy } from '../hub/proxy.ts';
import { StorageError } from '../io/storage-error.ts';

/**
 * The `userturn` command line. Each command is a module runners/cli/commands/<name>.ts exporting
 * `summary` (one line for --help) and `run(argv): Promise<number>` (the exit code). Adding a command is adding a file.
 */
export interface Command {
  summary: string;
  run(argv: string[]): Promise<number>;
}

const commandsDir = join(dirname(fileURLToPath(import.meta.url)), 'commands');

function commandNames(): string[] {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

async function loadCommand(name: string): Promise<Command | null> {
  if (!/^[a-z][a-z-]*$/.test(name) || !commandNames().includes(name)) return null;
  return (await import(join(commandsDir, `${name}.ts`))) as Command;
}

async function help(): Promise<void> {
  const lines = ['usage: userturn <command> [options]', '', 'commands:'];
  for (const name of commandNames()) {
    const cmd = await loadCommand(name);
    lines.push(`  ${name.padEnd(12)} ${cmd?.summary ?? ''}`);
  }
  lines.push('', 'Run `userturn <command> --help` for the options of one command.');
  console.log(lines.join('\n'));
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    await help();
    return name ? 0 : 2;
  }
  const cmd = await loadCommand(name);
  if (!cmd) {
    console.error(`userturn: unknown command "${name}". Run \`userturn --help\` for the list.`);
    return 2;
  }
  return cmd.run(rest);
}

/** Entry used by bin.ts and tests: run the command line and set the exit code. */
export function runMain(argv: string[]): void {
  useEnvProxy(); // HTTP(S)_PROXY / NO_PROXY for every request the CLI makes (Hub, datasets, judges, GitHub)
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      // A file that cannot be written or read (full, read-only, a folder in the way) is not a bug, whichever
      // command met it: one line naming the file, exit 1.
      if (err instanceof StorageError) {
        console.error(`userturn: ${err.message}`);
        process.exitCode = 1;
        return;
      }
      // A bug, not bad input: bad input is reported by the commands themselves with file and field.
      console.error(`userturn: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exitCode = 70;
    },
  );
}

if (import.meta.main) runMain(process.argv.slice(2));
