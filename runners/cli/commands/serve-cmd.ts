import { ENGINES, UnsafeServeError, buildServeCommand, formatCommand, type Engine } from '../../engines/serve-command.ts';
import { loadSubmission } from '../../community/load-submission.ts';
import { ENGINE_ARGS_FILE } from '../../../src/lib/data-paths.ts';
import { UsageError, intFlag, parseCommandArgs, withUsage } from '../args.ts';

export const summary = 'print the engine command (vLLM or SGLang) that serves a submission at its pinned revision';

const USAGE = `usage: userturn serve-cmd <submission.yaml> [--engine vllm|sglang] [--host H] [--port P] [--json]

Prints the command that serves the submission's Hugging Face repo at its revision with the submission's
serving hints (tensor-parallel size, max model length, allowlisted engine_args, chat template).
Default: one shell-quoted line. --json: the argv array as JSON (run it without a shell).
Refuses (exit 1) values that are not safe on a command line and engine flags not on the allowlist
(${ENGINE_ARGS_FILE}). Exit 2 on usage errors.`;

export async function run(argv: string[]): Promise<number> {
  return withUsage(USAGE, async () => {
    const { values, positionals } = parseCommandArgs(argv, {
      help: { type: 'boolean', short: 'h' },
      json: { type: 'boolean' },
      engine: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('expected exactly one submission file');
    if (values.engine !== undefined && !ENGINES.includes(values.engine as Engine)) throw new UsageError(`--engine must be one of ${ENGINES.join(', ')}`);
    const port = intFlag('port', values.port, 8000);
    const file = positionals[0]!;
    const loaded = await loadSubmission(file);
    if (!loaded.ok) {
      for (const line of loaded.errors) console.error(line);
      return 1;
    }
    const { submissionPolicyErrors } = await import('../../validate/submission-policy.ts');
    const problems = submissionPolicyErrors(loaded.value, file, process.cwd());
    if (problems.length > 0) {
      for (const p of problems) console.error(`${p.file}: ${p.field}: ${p.message}`);
      return 1;
    }
    try {
      const cmd = buildServeCommand(loaded.value, { engine: values.engine as Engine | undefined, host: values.host, port });
      console.log(values.json ? JSON.stringify(cmd.argv) : formatCommand(cmd.argv));
      return 0;
    } catch (e) {
      if (e instanceof UnsafeServeError) {
        console.error(`${file}: ${e.message}`);
        return 1;
      }
      throw e;
    }
  });
}
