import { SUITES_DIR } from '../../../src/lib/data-paths.ts';
import { formatFieldError } from '../../../src/schema/index.ts';
import { validatePaths } from '../../validate/validate-files.ts';
import { parseCommandArgs, withUsage } from '../args.ts';

export const summary = 'validate submissions, suites and results; errors as `file: field.path: message`';

const USAGE = `usage: userturn validate [paths…]

Validates submission YAML, suite YAML, results summary.json and samples/*.jsonl.
Default paths: submissions/ ${SUITES_DIR}/ results/.
Exit 0 when clean, 1 on any error, 2 on usage errors (unknown option, missing path).`;

export async function run(argv: string[]): Promise<number> {
  return withUsage(USAGE, async () => {
    const { values, positionals } = parseCommandArgs(argv, { help: { type: 'boolean', short: 'h' } });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const paths = positionals.length > 0 ? positionals : ['submissions', SUITES_DIR, 'results'];
    const report = await validatePaths(paths, process.cwd());
    if (report.missing.length > 0 && positionals.length > 0) {
      for (const m of report.missing) console.error(`${m}: (file): no such file or directory`);
      return 2;
    }
    for (const e of report.errors) console.error(formatFieldError(e));
    const verdict = report.errors.length === 0 ? 'ok' : `${report.errors.length} error${report.errors.length === 1 ? '' : 's'}`;
    console.log(`validated ${report.filesChecked} file${report.filesChecked === 1 ? '' : 's'}: ${verdict}`);
    return report.errors.length === 0 ? 0 : 1;
  });
}
