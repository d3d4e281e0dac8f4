import { planReport } from './plan-report.ts';
import { prepareRun } from './prepare-run.ts';
import type { RunOutcome, SetupOptions } from './run-options.ts';

/** `run --dry-run`: print what the run would send; no request, no file written. */
export async function dryRun(rawOpts: SetupOptions): Promise<RunOutcome> {
  const { opts, setup } = await prepareRun(rawOpts);
  opts.out(planReport(setup));
  return { exitCode: 0, summary: null, resultDir: null, stats: null };
}
