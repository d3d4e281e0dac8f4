import { openCacheFile } from './cache-file.ts';
import { memoryCache, responseTable, setupResponses, type CacheOptions, type ResponseCache } from './sqlite-cache.ts';
import { readAheadBudget } from './read-ahead.ts';
import { setupAnswerGenerations } from './answer-generation.ts';
import { resultStage, setupResultStage, type ResultStage } from './result-stage.ts';
import { noStageCache, setupStages, stageTable, type StageCache } from './stage-cache.ts';

/** What a run caches: answers by request, and what it derives from them by content, in one file. */
export interface RunCache {
  responses: ResponseCache;
  stages: StageCache;
  /** The whole result of a run (null with --no-cache: nothing is kept). */
  results: ResultStage | null;
  /** Commit what is queued and close the file. */
  close(): void;
}

/** The run's cache file (`null`: --no-cache, answers kept in memory for de-duplication, stages never kept). */
export function openRunCache(path: string | null, opts: CacheOptions = {}): RunCache {
  if (path === null) {
    const responses = memoryCache();
    return { responses, stages: noStageCache(), results: null, close: () => responses.close() };
  }
  const file = openCacheFile(path, (db) => {
    setupResponses(db, path);
    setupStages(db);
    setupAnswerGenerations(db);
    setupResultStage(db);
  }, undefined, opts.onWriteFailure);
  // One read-ahead budget for the file: its answers and derived values together.
  const budget = readAheadBudget();
  return {
    responses: responseTable(file, opts, budget),
    stages: stageTable(file, opts.onCorruptRow, budget),
    results: resultStage(file, opts.scope ?? ''),
    close: () => file.close(),
  };
}
