/**
 * The probe workflow's GPU job as one script a maintainer can also run by hand (docs/maintainers.md):
 * `npx node runners/community/probe-job.ts <submission.yaml> [--server engine|sim|none] …`. The job itself is
 * probe-job/orchestrate.ts; this file only reads the command line.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROBE_JOB_USAGE, parseProbeJobArgs } from './probe-job/args.ts';
import { runProbeJob } from './probe-job/orchestrate.ts';
import { runAsScript } from './run-script.ts';
import { shownPath } from '../core/terminal-text.ts';

async function main(argv: string[]): Promise<number> {
  const options = parseProbeJobArgs(argv);
  if (options === 'help') {
    console.log(PROBE_JOB_USAGE);
    return 0;
  }
  if (options === 'usage') {
    console.error(PROBE_JOB_USAGE);
    return 2;
  }
  const r = await runProbeJob(options);
  // Only a result that was written: a job stopped before (interrupted, refused) leaves no folder to point at.
  if (r.resultDir && existsSync(join(r.resultDir, 'summary.json'))) console.log(`results: ${shownPath(r.resultDir)}`);
  return r.exitCode;
}

runAsScript(import.meta, 'probe-job', main);
