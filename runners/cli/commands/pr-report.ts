import { readFile, writeFile } from 'node:fs/promises';
import { buildReportInput } from '../../community/report-input.ts';
import { renderReport } from '../../community/pr-report.ts';
import { InputError, UsageError } from '../../core/errors.ts';
import { runCommand } from '../command.ts';
import { OUT_FLAG } from '../flags.ts';
import { projectRoot } from '../../io/project-root.ts';

export const summary = 'render the pull-request comment (Markdown) for changed files: errors, or what will run';

const USAGE = `usage: userturn pr-report --changed <file…> [--changed-list list.txt] [--no-plan] [--out report.md]

Validates the changed files (plus the cross-file rules against every submission in the repository) and prints
the Markdown comment the validate workflow posts: every error as \`file: field: message\`, or for each valid
submission the model, revision, serving hints, serve command and the runner's dry-run estimate.
All submission text is escaped: it cannot add links, images, mentions or HTML to the comment.
  --changed       changed file paths from the clone's top, as git and GitHub list them, from any subfolder
                  (repeat the flag or list them after it)
  --changed-list  a file with one changed path per line (what the workflow uses)
  --no-plan       skip the runner's dry run (no request/token estimate)
  --out           write the Markdown to a file instead of stdout
Exit 0 when the report lists no errors, 1 when it does (the report is written either way) or the --changed-list
file cannot be read, 2 on usage errors.`;

const OPTIONS = { changed: { type: 'string', multiple: true }, 'changed-list': { type: 'string' }, 'no-plan': { type: 'boolean' }, ...OUT_FLAG } as const;

export async function run(argv: string[]): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: OPTIONS }, async ({ values, positionals }) => {
    const changed = [...(values.changed ?? []), ...positionals];
    if (values['changed-list'] !== undefined) {
      let list: string;
      try {
        list = await readFile(values['changed-list'], 'utf8');
      } catch {
        throw new InputError(`${values['changed-list']}: (file): cannot read the --changed-list file`);
      }
      changed.push(...list.split('\n').map((l) => l.trim()).filter((l) => l !== ''));
    }
    if (changed.length === 0 && values['changed-list'] === undefined) throw new UsageError('give the changed files with --changed or --changed-list');
    // The changed paths are the clone's (from its top, as git lists them); --changed-list and --out are typed here.
    const input = await buildReportInput(changed, projectRoot(process.cwd()), { plan: !values['no-plan'] });
    const md = renderReport(input);
    if (values.out) await writeFile(values.out, md);
    else process.stdout.write(md);
    return input.errors.length === 0 ? 0 : 1;
  });
}
