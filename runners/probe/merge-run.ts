import { join } from 'node:path';
import type { ClientStats } from '../client/types.ts';
import { mergeShards } from '../results/merge.ts';
import { writeResults } from '../results/write.ts';
import { holdingResultFolder } from '../results/folder-lock.ts';
import { finalTable } from './final-table.ts';
import { prepareRun } from './prepare-run.ts';
import type { MergeOptions, RunOutcome } from './run-options.ts';

/** `run --merge`: the `--shard i/n` results of the same plan become one result; no request is sent. */
export async function mergeRun(rawOpts: MergeOptions): Promise<RunOutcome> {
  const { opts, setup } = await prepareRun(rawOpts);
  const folder = join(opts.outDir, setup.submission.id);
  const { merged, resultDir } = await holdingResultFolder(folder, { command: 'run --merge', hint: 'wait for it or pass --out elsewhere', log: opts.log, make: true }, async () => {
    const merged = await mergeShards(setup, opts.merge);
    return { merged, resultDir: await writeResults(opts.outDir, merged.summary, merged.samples) };
  });
  const noStats: ClientStats = { sent: 0, cacheHits: 0, deduplicated: 0, retries: 0, failed: 0, completed: 0, failureReasons: {} };
  opts.out(finalTable(merged.summary, noStats));
  opts.out(`merged ${opts.merge.length} shard result(s) into ${join(resultDir, 'summary.json')}`);
  return { exitCode: merged.summary.run.request_errors > 0 ? 1 : 0, summary: merged.summary, resultDir, stats: null };
}
