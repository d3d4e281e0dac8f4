import type { RunOutcome } from '../probe/run-options.ts';
import { terminalText } from '../core/terminal-text.ts';

/** What `run --json` did: a dry run plans, a merge combines shards, a run sends requests. */
export type RunMode = 'run' | 'merge' | 'dry-run';

/**
 * The one machine-readable line `run --json` prints on stdout when it ends (logs stay on stderr): where the
 * result is, what the run cost and how it ended. Counts are null when nothing was run (a dry run). `requests` is
 * what this command sent: a merge sends none, and the shards' totals (its summary's run figures) are `shard_requests`.
 * JSON.stringify escapes C0 controls only; terminalText writes a path's U+202E or zero-width space as \uXXXX too,
 * which a JSON string reads back as the same character.
 */
export function runJsonLine(mode: RunMode, outcome: RunOutcome): string {
  const s = outcome.summary;
  const recorded = s ? { sent: s.run.requests_sent, cache_hits: s.run.cache_hits, errors: s.run.request_errors } : null;
  const merge = mode === 'merge' && recorded !== null;
  const line = JSON.stringify({
    command: 'run',
    mode,
    exit_code: outcome.exitCode,
    result_dir: outcome.resultDir,
    summary_file: outcome.resultDir === null ? null : `${outcome.resultDir}/summary.json`,
    submission: s?.submission.id ?? null,
    requests: merge ? { sent: 0, cache_hits: 0, errors: 0 } : recorded,
    shard_requests: merge ? recorded : null,
    datasets: s ? s.datasets.map((d) => ({ id: d.dataset, items: d.n_items })) : null,
    duration_s: s?.run.duration_s ?? null,
  });
  return terminalText(line);
}
