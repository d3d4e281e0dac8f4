import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { folderVersion } from '../cache/code-version.ts';
import { contentKey } from '../cache/stage-cache.ts';
import type { Judge } from '../core/judge.ts';
import { moduleExt } from '../core/module-file.ts';
import type { SummaryInput } from '../../src/lib/build-summary.ts';
import type { RunOptions } from './run-options.ts';
import type { ProbeSetup } from './types.ts';

/** Bumped when what the result stage stores, or how its key is made, changes. */
const FORMAT = 'result-stage/1';

/**
 * Every line of code a run's results can depend on: all of runners/ (run, client, cache keys, templates, verifiers,
 * judges, datasets, results), src/lib (metrics) and src/schema (what validation writes). Wider than any one
 * stage's version on purpose: an edit anywhere in the runner makes the stored result stale.
 */
function runnerCode(): Record<string, string> {
  const ext = moduleExt(import.meta.url);
  return Object.fromEntries(['runners', 'src/lib', 'src/schema'].map((dir) => [dir, folderVersion(join(CODE_ROOT, dir), ext)]));
}

/** The folder holding the runner's package.json (the checkout, or the installed package). */
const CODE_ROOT = join(import.meta.dirname, '..', '..');

/** A package's version as Node resolves it from `from`: the nearest node_modules/<name> going up. */
function installedVersion(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      return (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      if (dirname(dir) === dir) return 'unresolved';
    }
  }
}

/**
 * What the code runs on: Node's own versions (V8, the ICU and Unicode data the judge's normalisation and word
 * patterns use, SQLite) and every package the runner depends on, resolved from the code, not from the folder the
 * command runs in (the provenance's package versions name only a few packages).
 */
export function runtimeVersions(): Record<string, string | undefined> {
  return { ...process.versions, ...Object.fromEntries(runnerDependencies().map((name) => [name, installedVersion(name, CODE_ROOT)])) };
}

/** The dependencies in the nearest package.json above the code (the checkout's, or the installed package's above dist-cli/). */
function runnerDependencies(): string[] {
  for (let dir = CODE_ROOT; ; dir = dirname(dir)) {
    try {
      return Object.keys((JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
    } catch {
      if (dirname(dir) === dir) return [];
    }
  }
}

export interface ResultKeyInput {
  /** The answers' scope, `repo@revision`. */
  scope: string;
  setup: ProbeSetup;
  options: Pick<RunOptions, 'limit' | 'datasets' | 'shard'>;
  /** The judge panel as built (before its verdicts are cached). */
  judges: readonly Judge[];
  /**
   * The run's provenance as the summary will carry it: submission and template hashes, stops, decoding, the served
   * model, dataset checksums, shard, engine settings, runner commit and dirty state, package and Node versions.
   */
  provenance: SummaryInput['provenance'];
  /** The window the endpoints report (null: none): a clipped answer is reused only under it (client/budget-clips.ts). */
  window: number | null;
}

/**
 * The key of a run's whole result: everything that determines the samples and the summary apart from the answers
 * in the cache (which the answer generation covers, cache/answer-generation.ts) and the `run` block.
 */
export function resultKey(input: ResultKeyInput): string {
  const { setup, options } = input;
  return contentKey(FORMAT, runnerCode(), runtimeVersions(), input.scope, setup.suite, input.provenance, {
    judges: input.judges.map((j) => ({ stamp: j.stamp, fingerprint: j.fingerprint ?? null })),
    template: { sha256: setup.template.sha256, builder: setup.builder.fingerprint, stops: setup.builder.userTurnStops },
    options: { limit: options.limit, datasets: options.datasets, shard: options.shard },
    // On TGI the mode decides what the cached answers' text holds, and so how the runner reads it (setup.ts).
    streamed: setup.streamed,
    window: input.window,
    items: setup.datasets.map((d) => ({ dataset: d.spec.id, files: d.files, ids: d.items.map((it) => it.id) })),
  });
}
