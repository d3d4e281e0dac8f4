import { existsSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import type { FieldError } from '../../src/schema/index.ts';
import { validatePaths } from '../validate/validate-files.ts';
import { classify } from '../validate/classify.ts';
import { linkProblem } from '../io/links.ts';
import { estimatePlans, type DryRunOptions, type PlanEstimate } from './plan-estimate.ts';
import { checkResults } from './result-checks.ts';
import type { ReportInput } from './pr-report.ts';
import { UnsafeServeError, buildServeCommand, formatCommand } from '../engines/serve-command.ts';

/** File names the workflow will bring in from a pull request (see pr-files.ts). */
const SAFE_NAME = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Sort changed paths into checked (a userturn data format), ignored (anything else), missing and rejected names. */
export function sortChanged(changed: string[], root: string): { checked: string[]; ignored: string[]; missing: string[]; rejected: FieldError[] } {
  const checked: string[] = [];
  const ignored: string[] = [];
  const missing: string[] = [];
  const rejected: FieldError[] = [];
  for (const raw of [...new Set(changed)]) {
    const p = normalize(raw).replace(/\\/g, '/');
    const kind = classify(p);
    if (isAbsolute(p) || p.startsWith('../') || kind === 'unknown' || kind === 'json-schema') ignored.push(p);
    else if (!SAFE_NAME.test(p) || p.split('/').some((seg) => seg.startsWith('.'))) {
      rejected.push({ file: p, field: '(file)', message: 'file names may only contain letters, digits, ".", "_" and "-" (no segment may start with ".")' });
    } else {
      // A link is refused unread, as validate refuses it (a dangling link too: it is in the pull request, not deleted).
      const link = linkProblem(join(root, p), root);
      if (link) rejected.push({ file: p, field: '(file)', message: link });
      else if (!existsSync(join(root, p))) missing.push(p);
      else checked.push(p);
    }
  }
  return { checked, ignored, missing, rejected };
}

/**
 * Validate the changed files and gather what the report shows for each valid submission. `dryRun` sets how the
 * runner's dry runs are started (tests); they run a few at once (estimatePlans), and the report keeps file order.
 */
export async function buildReportInput(
  changed: string[],
  root: string,
  opts: { plan?: boolean; dryRun?: Pick<DryRunOptions, 'command'> & { concurrency?: number } } = {},
): Promise<ReportInput> {
  const { checked, ignored, missing, rejected } = sortChanged(changed, root);
  const report = checked.length > 0 ? await validatePaths(checked.map((p) => join(root, p)), root) : { errors: [], submissions: [] };
  // A suite from the pull request is data to validate, never the plan the runner is asked to estimate.
  const suiteChanged = checked.some((f) => classify(f) === 'suite');
  const failedFiles = new Set(report.errors.map((e) => e.file.replace(/:\d+$/, '')));
  const served = report.submissions
    .filter((s) => !failedFiles.has(s.file))
    .map((s) => {
      let serve: ReportInput['submissions'][number]['serve'];
      try {
        serve = { ok: true, line: formatCommand(buildServeCommand(s.value, { root: '.' }).argv) };
      } catch (e) {
        if (!(e instanceof UnsafeServeError)) throw e;
        serve = { ok: false, reason: e.message };
      }
      return { file: s.file, value: s.value, serve };
    });
  // A submission whose serve command is refused is not shown, so it gets no dry run.
  const planned = opts.plan !== false && !suiteChanged ? served.filter((s) => s.serve.ok).map((s) => s.file) : [];
  const estimates = await estimatePlans(planned, { cwd: root, ...opts.dryRun });
  const planOf = new Map(planned.map((file, i) => [file, estimates[i]!]));
  const submissions = served.map((s) => {
    const plan: PlanEstimate =
      opts.plan === false
        ? { kind: 'unavailable', reason: 'skipped (--no-plan)' }
        : suiteChanged
          ? { kind: 'unavailable', reason: 'this pull request changes the suite; the estimate waits for the reviewed suite' }
          : (planOf.get(s.file) ?? { kind: 'unavailable', reason: 'no dry run (the serve command is refused)' });
    return { ...s, plan };
  });
  // A refused serve command is an error the submitter must fix, reported like any other.
  const errors = [...rejected, ...report.errors];
  for (const s of submissions) if (!s.serve.ok) errors.push({ file: s.file, field: s.serve.reason.split(':')[0] ?? 'serving', message: s.serve.reason.split(': ').slice(1).join(': ') });
  const results = await checkResults(checked.filter((f) => !failedFiles.has(f)), root);
  return { checked: [...checked, ...rejected.map((r) => r.file)], ignored, missing, errors, submissions: submissions.filter((s) => s.serve.ok), results };
}
