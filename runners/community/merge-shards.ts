import { createReadStream } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { ResultSummary, Sample, Suite, formatFieldError, parseWith, type DatasetId, type Sample as SampleT } from '../../src/schema/index.ts';
import { buildSummary } from '../results/summarize.ts';
import { writeResults } from '../results/write.ts';

/**
 * Merge the results of `userturn run --shard i/n` (one folder per GPU runner) into one results folder.
 * Shards hold every n-th item (runners/datasets/subset.ts), so items are interleaved back into the order of an
 * unsharded run and the summary is recomputed from the samples with the runner's own buildSummary: the merged
 * summary.json is the one a single run would have written, apart from `run` timings.
 */

export class MergeError extends Error {}

async function readSamples(file: string): Promise<SampleT[]> {
  const out: SampleT[] = [];
  const rl = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of rl) {
    line++;
    if (text.trim() === '') continue;
    const r = parseWith(Sample, JSON.parse(text), `${file}:${line}`);
    if (!r.ok) throw new MergeError(r.errors.map(formatFieldError).join('\n'));
    out.push(r.value);
  }
  return out;
}

interface Shard {
  dir: string;
  summary: ResultSummary;
  index: number;
  samples: Map<DatasetId, SampleT[]>;
}

async function loadShard(dir: string): Promise<Shard> {
  const file = join(dir, 'summary.json');
  const r = parseWith(ResultSummary, JSON.parse(await readFile(file, 'utf8')), file);
  if (!r.ok) throw new MergeError(r.errors.map(formatFieldError).join('\n'));
  const shards = r.value.provenance.shards;
  if (!shards || shards.merged.length !== 1) throw new MergeError(`${file}: provenance.shards: not a single-shard result`);
  const samples = new Map<DatasetId, SampleT[]>();
  for (const f of (await readdir(join(dir, 'samples'))).filter((x) => x.endsWith('.jsonl')).sort()) {
    samples.set(f.slice(0, -'.jsonl'.length) as DatasetId, await readSamples(join(dir, 'samples', f)));
  }
  return { dir, summary: r.value, index: shards.merged[0]!, samples };
}

/** Fields every shard must agree on: same submission, suite, template, decoding, judges, code and data. */
function identity(s: ResultSummary): string {
  const p = s.provenance;
  return JSON.stringify([s.submission, p.suite_id, p.suite_version, p.taxonomy_version, p.submission_sha256, p.template_sha256, p.template_source, p.stop_sequences, p.decoding, p.judges, p.primary_judge, p.simulated, p.runner_commit, p.datasets, p.shards?.count]);
}

export async function mergeShards(shardDirs: string[], suite: Suite, outDir: string): Promise<{ resultDir: string; summary: ResultSummary }> {
  if (shardDirs.length === 0) throw new MergeError('no shard folders given');
  const shards = (await Promise.all(shardDirs.map(loadShard))).sort((a, b) => a.index - b.index);
  const first = shards[0]!;
  const count = first.summary.provenance.shards!.count;
  const indexes = shards.map((s) => s.index);
  const expected = Array.from({ length: count }, (_, i) => i + 1);
  if (JSON.stringify(indexes) !== JSON.stringify(expected)) throw new MergeError(`shards ${indexes.join(', ')} given; need exactly ${expected.join(', ')} of ${count}`);
  for (const s of shards) if (identity(s.summary) !== identity(first.summary)) throw new MergeError(`${s.dir}: shard ${s.index} differs from shard 1 (submission, suite, template, judges, runner commit or data)`);
  if (first.summary.provenance.suite_id !== suite.id || first.summary.provenance.suite_version !== suite.version) throw new MergeError(`the shards ran suite ${first.summary.provenance.suite_id} v${first.summary.provenance.suite_version}, not the given suite v${suite.version}`);

  const merged = new Map<DatasetId, SampleT[]>();
  for (const spec of suite.datasets) {
    const perShard = shards.map((s) => {
      const items = s.summary.datasets.find((d) => d.dataset === spec.id)?.item_ids ?? [];
      const byItem = new Map<string, SampleT[]>();
      for (const x of s.samples.get(spec.id) ?? []) byItem.set(x.item_id, [...(byItem.get(x.item_id) ?? []), x]);
      return { items, byItem };
    });
    if (perShard.every((p) => p.items.length === 0)) continue;
    const out: SampleT[] = [];
    const longest = Math.max(...perShard.map((p) => p.items.length));
    for (let pos = 0; pos < longest; pos++) {
      for (const p of perShard) {
        const item = p.items[pos];
        if (item !== undefined) out.push(...(p.byItem.get(item) ?? []));
      }
    }
    merged.set(spec.id, out);
  }

  const p = first.summary.provenance;
  const runs = shards.map((s) => s.summary.run);
  const summary = buildSummary({
    suite,
    submission: { ...first.summary.submission, hf: { repo: first.summary.submission.hf.repo, revision: first.summary.submission.hf.revision } },
    samples: merged,
    judges: p.judges,
    provenance: {
      suite_id: p.suite_id,
      suite_version: p.suite_version,
      taxonomy_version: p.taxonomy_version,
      submission_sha256: p.submission_sha256,
      template_sha256: p.template_sha256,
      template_source: p.template_source,
      stop_sequences: p.stop_sequences,
      decoding: p.decoding,
      endpoint_models: [...new Set(shards.flatMap((s) => s.summary.provenance.endpoint_models))].sort(),
      simulated: p.simulated,
      runner_commit: p.runner_commit,
      // Dirty if any shard was dirty; unknown if any was unknown and none dirty.
      runner_dirty: shards.some((s) => s.summary.provenance.runner_dirty === true) ? true : shards.some((s) => s.summary.provenance.runner_dirty === null) ? null : false,
      package_versions: p.package_versions,
      datasets: p.datasets,
      shards: { count, merged: expected },
    },
    run: {
      started_at: runs.map((r) => r.started_at).sort()[0]!,
      finished_at: runs.map((r) => r.finished_at).sort().at(-1)!,
      duration_s: Math.max(...runs.map((r) => r.duration_s)),
      requests_sent: runs.reduce((a, r) => a + r.requests_sent, 0),
      cache_hits: runs.reduce((a, r) => a + r.cache_hits, 0),
      request_errors: runs.reduce((a, r) => a + r.request_errors, 0),
      endpoints: [...new Set(runs.flatMap((r) => r.endpoints))],
    },
  });
  const resultDir = await writeResults(outDir, summary, merged);
  return { resultDir, summary };
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: { suite: { type: 'string', default: 'runners/suites/v1.yaml' }, out: { type: 'string', default: 'results' } } });
  if (positionals.length === 0) {
    console.error('usage: merge-shards.ts <shard-result-dir>… [--suite runners/suites/v1.yaml] [--out results]');
    return 2;
  }
  const suiteR = parseWith(Suite, parse(await readFile(values.suite!, 'utf8')), values.suite!);
  if (!suiteR.ok) {
    for (const e of suiteR.errors) console.error(formatFieldError(e));
    return 1;
  }
  try {
    const r = await mergeShards(positionals, suiteR.value, values.out!);
    console.log(`merged ${positionals.length} shard(s) into ${r.resultDir}`);
    return 0;
  } catch (e) {
    if (e instanceof MergeError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (c) => (process.exitCode = c),
    (e: unknown) => {
      console.error(`merge-shards: ${(e as Error).message}`);
      process.exitCode = 1;
    },
  );
}
