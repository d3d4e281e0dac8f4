import { join } from 'node:path';
import type { DatasetId, ResultSummary, RunInfo } from '../../src/schema/index.ts';
import { peekResult, type ResultStage } from '../cache/result-stage.ts';
import type { ClipRecord } from '../client/budget-clips.ts';
import type { Judge } from '../core/judge.ts';
import { registeredSecrets } from '../io/secrets.ts';
import { removeStaleTemps } from '../results/atomic.ts';
import { digestFile } from '../results/file-digest.ts';
import type { WrittenFile } from '../results/sample-sink.ts';
import type { SummarySample } from '../../src/lib/build-summary.ts';
import { finishInterruptedCommit } from '../results/folder-commit.ts';
import { writeSummary } from '../results/write.ts';
import type { RunDeps } from './run-options.ts';

/** What the result stage keeps of a run (cache/result-stage.ts stores it under probe/result-key.ts's key). */
interface KeptResult {
  /** The sample files the run wrote, by their sha-256. */
  files: Array<{ dataset: DatasetId; sha256: string }>;
  /** The cache hits of a fully cached rerun: every request of the run. */
  cacheHits: number;
  /** The summary with `run` null, in its place. */
  summary: Omit<ResultSummary, 'run'> & { run: null };
  /** Answers the engine ended before their max_tokens (budget-clips.ts), for the rerun's warning; absent: none, or kept before it was counted. */
  clips?: ClipRecord;
}

/**
 * Whether a run with a cache file can keep and reuse its result whole: its judges are the heuristic ones
 * (deterministic, their code in the key). An LLM judge may answer differently and its errors are asked again; a
 * test's injected judge or verifier is code the key does not name.
 */
export const resultStageApplies = (judges: readonly Judge[], deps: RunDeps): boolean =>
  !deps.judges && !deps.verify && judges.every((j) => j.stamp.kind === 'heuristic' && j.fingerprint !== undefined);

const samplesFile = (resultDir: string, ds: DatasetId): string => join(resultDir, 'samples', `${ds}.jsonl`);

/**
 * The stored result of a run with this key, if it is current and its sample files are still what it wrote (by
 * sha-256): then only summary.json is written, with a new `run` block, and nothing is sent or computed. A file that
 * now holds a registered secret is not reused (the ordinary path would redact it). Null: take the ordinary path.
 */
export async function reuseStoredResult(args: {
  cachePath: string;
  scope: string;
  key: string;
  outDir: string;
  submissionId: string;
  run(cacheHits: number): Promise<RunInfo>;
}): Promise<{ summary: ResultSummary; resultDir: string; cacheHits: number; clips?: ClipRecord } | null> {
  const kept = peekResult<KeptResult>(args.cachePath, args.scope, args.key);
  if (!kept) return null;
  const dir = join(args.outDir, args.submissionId);
  // As every writer of the folder does first: a commit a killed run left is finished, so the files read below are
  // the folder's real ones (this path deleted that commit's temp files and left its journal, which validate refused).
  await finishInterruptedCommit(dir);
  const secrets = registeredSecrets();
  for (const f of kept.files) {
    let d;
    try {
      d = digestFile(samplesFile(dir, f.dataset), secrets);
    } catch {
      return null; // deleted or unreadable: the ordinary path writes it again
    }
    if (d.sha256 !== f.sha256 || d.found) return null;
  }
  // What the sample sink does first on the ordinary path: temp files of a killed run go.
  await removeStaleTemps(join(dir, 'samples'));
  await removeStaleTemps(dir);
  const summary = { ...kept.summary, run: await args.run(kept.cacheHits) } as ResultSummary;
  return { summary, resultDir: await writeSummary(args.outDir, summary), cacheHits: kept.cacheHits, ...(kept.clips ? { clips: kept.clips } : {}) };
}

/**
 * Keep a finished run's result for reruns, when it is what a fully cached rerun would write: no request failed and
 * every answer it used is in the cache as it was used (the caller checks: it sent nothing, or the only answers
 * written to its scope meanwhile were its own), no verdict is a judge error (errors are never kept, so a rerun would
 * judge again), and no sample file holds redacted text (it depends on which secrets were registered). `files` are the
 * digests of what the run itself wrote (the sample sink's), `generation` the scope's answer generation the result is
 * valid at, `cacheHits` what a fully cached rerun counts (every request it makes). The row is committed with the
 * cache file's next group; a failed commit is thrown when the file is closed.
 */
export function keepResult(
  results: ResultStage,
  args: { key: string; generation: number; files: readonly WrittenFile[]; summary: ResultSummary; light: ReadonlyMap<DatasetId, readonly SummarySample[]>; cacheHits: number; clips?: ClipRecord },
): void {
  for (const list of args.light.values()) for (const s of list) if (s.verdicts.some((v) => v.kind === 'judge_error')) return;
  if (args.files.some((f) => f.redacted)) return;
  const value: KeptResult = { files: args.files.map(({ dataset, sha256 }) => ({ dataset, sha256 })), cacheHits: args.cacheHits, summary: { ...args.summary, run: null }, ...(args.clips ? { clips: args.clips } : {}) };
  results.put(args.key, value, args.generation).catch(() => {});
}
