import { join, relative } from 'node:path';
import { SUITES_DIR } from '../../../src/lib/data-paths.ts';
import { formatFieldError } from '../../../src/schema/index.ts';
import { InputError, UsageError } from '../../core/errors.ts';
import { projectRoot } from '../../io/project-root.ts';
import { githubAnnotation } from '../../validate/github-annotations.ts';
import { validatePaths } from '../../validate/validate-files.ts';
import { runCommand } from '../command.ts';

export const summary = 'validate submissions, suites and results; errors as `file: field.path: message`';

const USAGE = `usage: userturn validate [paths…]

Validates submission YAML, suite YAML, results summary.json and samples/*.jsonl.
Default paths: submissions/ ${SUITES_DIR}/ results/. Run from a subfolder of a clone (docs/, submissions/<org>/),
it reads them, and applies the cross-file rules, from the clone's top: the nearest folder above holding submissions/.

  --format text|github  text (default): \`file: field.path: message\` lines on stderr; github: one workflow
                        annotation per error on stdout (::error file=…,line=…,col=…::…), placed on the YAML line
                        of the field or the JSONL line, so a pull request shows it on the changed line

Every heuristic verdict stamped with the current rules is judged again from its sample and must be the same;
verdicts of older rules, of LLM judges and on download-only prompts are not, and a note per samples file says so.

Exit 0 when clean, 1 on any error, on a path that does not exist or when no file to validate was found,
2 on usage errors (unknown option).`;

export async function run(argv: string[]): Promise<number> {
  return runCommand(argv, { usage: USAGE, options: { format: { type: 'string' } } }, async ({ values, positionals }) => {
    const format = values.format ?? 'text';
    if (format !== 'text' && format !== 'github') throw new UsageError(`--format must be text or github, got "${format}"`);
    const root = projectRoot(process.cwd());
    const paths = positionals.length > 0 ? positionals : ['submissions', SUITES_DIR, 'results'].map((p) => relative(process.cwd(), join(root, p)) || '.');
    const report = await validatePaths(paths, root);
    if (report.missing.length > 0 && positionals.length > 0) throw new InputError(report.missing.map((m) => `${m}: (file): no such file or directory`).join('\n'));
    for (const e of report.errors) {
      if (format === 'github') console.log(githubAnnotation(e));
      else console.error(formatFieldError(e));
    }
    // What could not be checked is said on stdout, apart from the errors (a notice in a pull request).
    for (const n of report.notes) console.log(format === 'github' ? githubAnnotation(n, undefined, 'notice') : `note: ${formatFieldError(n)}`);
    // "ok" about nothing would pass a CI step that points at the wrong folder.
    if (report.filesChecked === 0 && report.errors.length === 0) throw new InputError(`${paths.join(', ')}: (files): nothing to validate (no submission, suite or result found)`);
    // Problems, not lines: a samples file lists its first 50 and counts the rest in one line.
    const verdict = report.errors.length === 0 ? 'ok' : `${report.problems} error${report.problems === 1 ? '' : 's'}`;
    console.log(`validated ${report.filesChecked} file${report.filesChecked === 1 ? '' : 's'}: ${verdict}`);
    return report.errors.length === 0 ? 0 : 1;
  });
}
