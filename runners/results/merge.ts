import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jsonlLines, MAX_JSONL_LINE_CHARS } from '../../src/lib/io/jsonl.ts';
import { suiteDatasets, unlistedDatasetErrors } from '../../src/lib/result-datasets.ts';
import { ResultSummary, Sample, formatFieldError, parseWith, type DatasetId, type RunInfo } from '../../src/schema/index.ts';
import type { RunPlan } from '../core/plan.ts';
import { buildSummary } from '../../src/lib/build-summary.ts';
import { servedBySimulator } from '../../src/lib/summary-provenance.ts';
import { distinctVersions } from '../../src/lib/engine-versions.ts';
import { InputError } from '../core/errors.ts';

export class MergeError extends InputError {}

// A merge plans its items from its own arguments; shards run with other ones hold other items (a review's merge
// without --limit reported "1315 planned item(s) have no samples" and left the user to guess why).
const SAME_ARGS = 'give the merge the same --limit, --datasets and --suite the shards were run with';

async function readSamples(file: string): Promise<Sample[]> {
  const out: Sample[] = [];
  for await (const { line, text } of jsonlLines(createReadStream(file))) {
    // jsonlLines cuts a line over the limit short: say so rather than what JSON.parse makes of the cut.
    if (text.length > MAX_JSONL_LINE_CHARS) throw new MergeError(`${file}:${line}: (line): line longer than 1 MiB`);
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new MergeError(`${file}:${line}: (line): not valid JSON: ${(e as Error).message}`);
    }
    const r = parseWith(Sample, data, `${file}:${line}`);
    if (!r.ok) throw new MergeError(r.errors.map(formatFieldError).join('\n'));
    out.push(r.value);
  }
  return out;
}

/**
 * Merge the results of `--shard i/n` runs (each in its own --out folder) into one result for the full plan.
 * Every shard 1..n must be present exactly once with the same suite, submission, template and judges; the
 * merged samples must cover every planned item. Sample order and the summary are those of an unsharded run.
 */
export async function mergeShards(setup: RunPlan, dirs: string[]): Promise<{ summary: ResultSummary; samples: Map<DatasetId, Sample[]> }> {
  const id = setup.submission.id;
  const parts: Array<{ dir: string; summary: ResultSummary }> = [];
  for (const dir of dirs) {
    const file = join(dir, id, 'summary.json');
    let data: unknown;
    try {
      data = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      throw new MergeError(`${file}: ${(e as Error).message}`);
    }
    const r = parseWith(ResultSummary, data, file);
    if (!r.ok) throw new MergeError(r.errors.map(formatFieldError).join('\n'));
    if (!r.value.provenance.shards) throw new MergeError(`${file}: not a shard result (provenance.shards is null)`);
    const unlisted = unlistedDatasetErrors(r.value, suiteDatasets([setup.suite]), file);
    if (unlisted.length > 0) throw new MergeError(unlisted.map(formatFieldError).join('\n'));
    parts.push({ dir, summary: r.value });
  }
  if (parts.length === 0) throw new MergeError('no shard results given');
  const first = parts[0]!.summary;
  const count = first.provenance.shards!.count;
  const seen = new Set<number>();
  for (const p of parts) {
    const pv = p.summary.provenance;
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    if (pv.shards!.count !== count) throw new MergeError(`${p.dir}: shard count ${pv.shards!.count} differs from ${count}`);
    for (const key of ['suite_version', 'submission_sha256', 'template_sha256', 'judges', 'decoding', 'endpoint_models'] as const) {
      if (!same(pv[key], first.provenance[key])) throw new MergeError(`${p.dir}: provenance.${key} differs from the first shard's`);
    }
    for (const i of pv.shards!.merged) {
      if (seen.has(i)) throw new MergeError(`${p.dir}: shard ${i} is given twice`);
      seen.add(i);
    }
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length > 0) throw new MergeError(`shards ${missing.join(', ')} of ${count} are missing`);
  if (first.provenance.submission_sha256 !== setup.submissionSha256) throw new MergeError('the submission file changed since the shards ran');
  const planned = setup.datasets.map((d) => d.spec.id).join(',');
  for (const p of parts) {
    const ran = p.summary.provenance.datasets.map((d) => d.id).join(',');
    if (ran !== planned) throw new MergeError(`${p.dir}: the shard was run with --datasets ${ran}, this merge plans ${planned}: ${SAME_ARGS}`);
  }

  const conditionOrder = new Map(setup.suite.conditions.map((c, i) => [c.id, i]));
  const samples = new Map<DatasetId, Sample[]>();
  for (const d of setup.datasets) {
    const itemOrder = new Map(d.items.map((it, i) => [it.id, i]));
    const all: Sample[] = [];
    const from = new Map<string, string>();
    for (const p of parts) {
      let some: Sample[];
      try {
        some = await readSamples(join(p.dir, id, 'samples', `${d.spec.id}.jsonl`));
      } catch (e) {
        if (e instanceof MergeError) throw e;
        throw new MergeError(`${p.dir}: ${(e as Error).message}`);
      }
      for (const s of some) from.set(s.item_id, p.dir);
      all.push(...some);
    }
    // How many items the shards hold against how many this merge plans: the sign of another --limit.
    const counts = `the shards hold ${from.size} ${d.spec.id} item(s), this merge plans ${d.items.length}`;
    const stray = all.find((s) => !itemOrder.has(s.item_id));
    if (stray) throw new MergeError(`${from.get(stray.item_id)}: ${d.spec.id}: item ${stray.item_id} is not part of this merge's plan (${counts}): ${SAME_ARGS}`);
    const absent = d.items.filter((it) => !from.has(it.id));
    if (absent.length > 0) throw new MergeError(`${parts.map((p) => p.dir).join(', ')}: ${d.spec.id}: ${absent.length} planned item(s) have no samples (e.g. ${absent[0]!.id}; ${counts}): ${SAME_ARGS}`);
    const ids = new Set<string>();
    for (const s of all) {
      if (ids.has(s.id)) throw new MergeError(`${d.spec.id}: sample ${s.id} appears in two shards`);
      ids.add(s.id);
    }
    all.sort((a, b) => itemOrder.get(a.item_id)! - itemOrder.get(b.item_id)! || conditionOrder.get(a.condition)! - conditionOrder.get(b.condition)! || a.sample_index - b.sample_index);
    samples.set(d.spec.id, all);
  }
  const runs = parts.map((p) => p.summary.run);
  const run: RunInfo = {
    started_at: runs.map((r) => r.started_at).sort()[0]!,
    finished_at: runs.map((r) => r.finished_at).sort().at(-1)!,
    duration_s: Math.max(...runs.map((r) => r.duration_s)),
    requests_sent: runs.reduce((n, r) => n + r.requests_sent, 0),
    cache_hits: runs.reduce((n, r) => n + r.cache_hits, 0),
    request_errors: runs.reduce((n, r) => n + r.request_errors, 0),
    endpoints: [...new Set(runs.flatMap((r) => r.endpoints))],
    // Every shard's versions; none recorded when no shard recorded any (older results).
    ...(runs.some((r) => r.engine_versions) ? { engine_versions: distinctVersions(runs.flatMap((r) => r.engine_versions ?? [])) } : {}),
  };
  const { judges, primary_judge: _primary, answered_models: _answered, ...provenance } = first.provenance;
  // Each shard's hosts may have answered under other names: the merged result names them all.
  const answered = [...new Set(parts.flatMap((p) => p.summary.provenance.answered_models ?? []))].sort();
  const summary = buildSummary({
    suite: setup.suite,
    submission: setup.submission,
    samples,
    judges,
    provenance: {
      ...provenance,
      ...(answered.length > 0 ? { answered_models: answered, simulated: servedBySimulator(provenance.endpoint_models, answered) } : {}),
      datasets: setup.datasets.map((d) => ({ id: d.spec.id, files: d.files })),
      shards: { count, merged: [...seen].sort((a, b) => a - b) },
    },
    run,
  });
  return { summary, samples };
}
