import { relative } from 'node:path';
import { ENGINES, UnsafeServeError, buildServeCommand, formatCommand, serveHostProblem, type Engine } from '../../engines/serve-command.ts';
import { loadSubmission } from '../../community/load-submission.ts';
import { ENGINE_ARGS_FILE } from '../../../src/lib/data-paths.ts';
import { intFlag } from '../../core/args.ts';
import { InputError, UsageError } from '../../core/errors.ts';
import { runCommand } from '../command.ts';
import { formatFieldError } from '../../../src/schema/errors.ts';
import { projectRoot } from '../../io/project-root.ts';

export const summary = 'print the engine command (vLLM, SGLang, TGI, llama.cpp or Ollama) that serves a submission';

const USAGE = `usage: userturn serve-cmd <submission.yaml> [--engine ${ENGINES.join('|')}] [--host H] [--port P] [--json]

Prints the command that serves the submission's Hugging Face repo at its revision with the submission's
serving hints (tensor-parallel size, max model length, allowlisted engine_args, chat template); the engine is
serving.engine unless --engine names another. llamacpp and ollama serve a GGUF repo's serving.gguf_quant.
A chat_template.path (a path from the clone's top, from any subfolder) is printed from the current folder.
Default: shell-quoted lines (for Ollama, the server and then the commands that pull and name the model).
--json: the server command's argv as JSON (run it without a shell).
Refuses (exit 1) values that are not safe on a command line, engine flags not on the allowlist
(${ENGINE_ARGS_FILE}) and a chat_template.path the clone does not hold. Exit 2 on usage errors.`;

const OPTIONS = { json: { type: 'boolean' }, engine: { type: 'string' }, host: { type: 'string' }, port: { type: 'string' } } as const;

export async function run(argv: string[]): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: OPTIONS }, async ({ values, positionals }) => {
    if (positionals.length !== 1) throw new UsageError('expected exactly one submission file');
    if (values.engine !== undefined && !ENGINES.includes(values.engine as Engine)) throw new UsageError(`--engine must be one of ${ENGINES.join(', ')}`);
    // Flag values are usage errors (exit 2), checked before the submission is read.
    const port = intFlag('port', values.port, 8000, 1, 65535);
    const hostProblem = values.host === undefined ? null : serveHostProblem(values.host);
    if (hostProblem) throw new UsageError(hostProblem);
    const file = positionals[0]!;
    // The template file is checked where the submission means it, at the clone's top; the command names it from the
    // current folder, where it is printed to be run.
    const root = projectRoot(process.cwd());
    const loaded = await loadSubmission(file, root);
    if (!loaded.ok) throw new InputError(loaded.errors.join('\n'));
    const { submissionPolicyErrors } = await import('../../validate/submission-policy.ts');
    const problems = submissionPolicyErrors(loaded.value, file, root);
    if (problems.length > 0) throw new InputError(problems.map(formatFieldError).join('\n'));
    let cmd;
    try {
      cmd = buildServeCommand(loaded.value, { engine: values.engine as Engine | undefined, host: values.host, port, root: relative(process.cwd(), root) || '.' });
    } catch (e) {
      // The refusal names the field; the file is added here, where it is known.
      if (e instanceof UnsafeServeError) throw new InputError(`${file}: ${e.message}`);
      throw e;
    }
    if (values.json) console.log(JSON.stringify(cmd.argv));
    else {
      console.log(formatCommand(cmd.argv));
      if (cmd.then.length > 0) console.log(`# then, once it answers:\n${cmd.then.map(formatCommand).join('\n')}`);
    }
    return 0;
  });
}
