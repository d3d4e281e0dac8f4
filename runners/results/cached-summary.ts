import { createHash } from 'node:crypto';
import type { ResultSummary } from '../../src/schema/index.ts';
import { codeVersion } from '../cache/code-version.ts';
import { contentKey, type StageCache } from '../cache/stage-cache.ts';
import { moduleExt } from '../core/module-file.ts';
import { buildSummary, type SummaryInput } from '../../src/lib/build-summary.ts';

/** The summary's code: this folder and src/lib (metrics, agreement, the verified rule). */
const version = (): string => `${codeVersion(import.meta.url)}.${codeVersion(new URL(`../../src/lib/data-paths${moduleExt(import.meta.url)}`, import.meta.url).href)}`;

/** Hash of what buildSummary reads of the samples (their timings aside), dataset by dataset. */
function samplesHash(samples: SummaryInput['samples']): string {
  const h = createHash('sha256');
  const entries = samples instanceof Map ? [...samples.entries()] : Object.entries(samples);
  for (const [ds, list] of entries.sort(([a], [b]) => (a < b ? -1 : 1))) {
    h.update(`${ds}\u0000`);
    for (const s of list ?? []) h.update(JSON.stringify({ ...s, timings: null }));
  }
  return h.digest('hex');
}

/**
 * buildSummary with everything but `run` cached by content (suite, submission, judges, provenance, samples): a
 * fully cached rerun rebuilds the summary from stored verdicts without redrawing its bootstrap intervals.
 */
export function cachedSummary(stages: StageCache, input: SummaryInput): ResultSummary {
  const { run, samples, ...rest } = input;
  const key = contentKey(rest, samplesHash(samples));
  const stored = stages.getOrCompute('summary', version(), key, () => ({ ...buildSummary(input), run: null }));
  // `run` keeps its place in the key order: the file is the same as buildSummary's.
  return { ...stored, run } as ResultSummary;
}
